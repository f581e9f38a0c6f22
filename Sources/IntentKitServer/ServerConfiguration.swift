import Foundation
import IntentKit

/// How `intentkit serve` runs: where it listens, which model it serves, and the bounds that keep
/// one client from taking the service from the others.
public struct ServerConfiguration: Sendable {
    /// The address to listen on; loopback unless the operator says otherwise.
    public var host = "127.0.0.1"
    /// The port; 0 lets the system choose one (``ParseServer/run(onListening:)`` reports it).
    public var port = 8080
    /// The model file. It is read at start and on every reload; no request can name another.
    public var modelPath: String
    /// A sentence encoder's directory for a model trained with one (default: the directory the
    /// model recorded).
    public var encoderDirectory: String?
    /// Whether the slot tagger may choose between the classifier's two likeliest intents.
    public var intentReranking = true
    /// The out-of-scope threshold (default: the model's); a request's `minConfidence` overrides it.
    public var minimumConfidence: Double?
    /// Requests with a larger body are refused with 413 before they are read in full.
    public var maximumBodyBytes = 1 << 20
    /// Utterances one `POST /parse/batch` may carry.
    public var maximumBatchSize = 1_000
    /// Terms one user vocabulary may hold, over all its entities.
    public var maximumVocabularyTerms = 10_000
    /// User vocabularies kept under their `vocabularyKey`; the least recently used goes first.
    public var vocabularyCacheCapacity = 1_000
    /// Requests handled at once; beyond it a request is answered 503 at once (`/health` and
    /// `/metrics` are exempt), so a burst cannot queue up unbounded work. A `POST /parse` counts
    /// while it is parsed, the other routes from their head to their answer.
    public var maximumConcurrentRequests = 512
    /// How long a request may take, reading its body included; beyond it the answer is 503.
    public var requestTimeout: Duration = .seconds(10)
    /// How long an idle keep-alive connection stays open.
    public var idleTimeout: Duration = .seconds(60)
    /// The bearer token `POST /admin/reload` requires; without one the route does not exist.
    public var adminToken: String?
    /// The bearer token a request needs to cache a user's vocabulary, shortcuts or history under
    /// its `vocabularyKey`; without one nothing is cached, and a request that would write the
    /// cache is refused. Reading what is cached needs only the key.
    public var cacheToken: String?
    /// Whether each request is logged (one line, after its response).
    public var accessLog = true
    /// The origins (`https://app.example.com`, or `*` for any) whose web pages a browser lets
    /// call the server (CORS); none by default. Credentials are never allowed.
    public var corsOrigins: [String] = []
    /// Whether `GET /` serves the playground, a page to try the model in a browser.
    public var playground = true

    public init(modelPath: String) {
        self.modelPath = modelPath
    }

    /// What is wrong with `origin` as one of ``corsOrigins``, or `nil` when it is an origin
    /// (`scheme://host[:port]`, no path or trailing slash) or `*`.
    public static func problem(withCORSOrigin origin: String) -> String? { CORSPolicy.problem(with: origin) }
}
