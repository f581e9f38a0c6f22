import Atomics
import Foundation
import HTTPTypes
import Hummingbird
import IntentKit
import IntentKitCorpus
import Logging
import NIOCore
import NIOPosix

/// What each route does. Request bodies are JSON read up to the configured limit; answers are
/// JSON written by ``ParseJSONWriter`` (the bytes `intentkit parse` writes), errors
/// ``ServerError``s.
final class RequestHandlers: Sendable {
    let configuration: ServerConfiguration
    let store: ModelStore
    let vocabularies: VocabularyCache
    /// What a request needs to write ``vocabularies``; `nil`: nothing is cached.
    let cacheToken: AdminToken?
    let metrics: ServerMetrics
    let logger: Logger
    /// The calendar of requests that name no time zone: Gregorian, in the server's zone.
    private let defaultCalendar: Calendar

    init(configuration: ServerConfiguration, store: ModelStore, metrics: ServerMetrics, logger: Logger) {
        self.configuration = configuration
        self.store = store
        self.metrics = metrics
        self.logger = logger
        vocabularies = VocabularyCache(capacity: configuration.vocabularyCacheCapacity)
        cacheToken = configuration.cacheToken.map(AdminToken.init)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        defaultCalendar = calendar
    }

    // MARK: Routes

    /// `POST /parse` (one utterance's parse, as `intentkit parse` writes it) and `POST
    /// /model/parse` (the same parse as Rasa NLU answers it), for ``RawParsePath`` and the
    /// router alike.
    /// - Parameter authorization: the request's `Authorization` header, which a request that
    ///   caches a user's context needs (``ServerConfiguration/cacheToken``).
    /// - Throws: ``ServerError`` for a body that is not a parse request.
    func parseAnswer(body: ByteBuffer, route: ParseRoute, authorization: String? = nil) throws -> [UInt8] {
        let plain = FastPaths.enabled ? body.withUnsafeReadableBytes(ParseRequest.plain) : nil
        var writer = ParseJSONWriter()
        switch route {
        case .parse:
            var request = try plain ?? ParseRequest(try json(body))
            request.options.authorization = authorization
            if request.options.split {
                try writeRequests(of: request.text, options: request.options, to: &writer)
                break
            }
            let (parse, setting) = try parse(request.text, options: request.options)
            writer.write(parse, topK: setting.options.topK, resolve: setting.options.resolve, response: setting.response(for: parse))
        case .rasa:
            var request = try plain.map(RasaParseRequest.init) ?? RasaParseRequest(try json(body))
            request.options.authorization = authorization
            if request.options.split { throw ServerError.badRequest("split: the Rasa route answers one intent; use POST /parse") }
            if request.options.respond != nil { throw ServerError.badRequest("respond: the Rasa route answers as Rasa does, without a response; use POST /parse") }
            let (parse, _) = try parse(request.text, options: request.options)
            writer.writeRasa(parse, messageID: request.messageID)
        }
        writer.append("\n")
        return writer.bytes
    }

    private func parse(_ text: String, options: ParseOptions) throws -> (IntentParse, ParseSetting) {
        let setting = try ParseSetting(options, handlers: self)
        var workspace = setting.workspaces.take()
        let parse = setting.parse(text, workspace: &workspace)
        setting.workspaces.recycle(consume workspace)  // moved, not copied: a copy retains every buffer
        metrics.recordParses(1, outOfScope: parse.intent == nil ? 1 : 0, batch: false)
        return (parse, setting)
    }

    /// The requests of `text`, `{"requests": [parse, …], "text": …}`.
    private func writeRequests(of text: String, options: ParseOptions, to writer: inout ParseJSONWriter) throws {
        let setting = try ParseSetting(options, handlers: self)
        var workspace = setting.workspaces.take()
        let parses = setting.parseRequests(text, workspace: &workspace)
        setting.workspaces.recycle(consume workspace)
        metrics.recordParses(1, outOfScope: parses.contains { $0.intent == nil } ? 1 : 0, batch: false)
        Self.write(requests: parses, of: text, setting: setting, to: &writer)
    }

    /// `{"requests": [parse, …], "text": …}`, each part with its own rendered response.
    private static func write(requests parses: [IntentParse], of text: String, setting: ParseSetting, to writer: inout ParseJSONWriter) {
        writer.write(requests: parses, of: text, topK: setting.options.topK, resolve: setting.options.resolve, response: setting.response(for:))
    }

    /// `POST /parse` and `POST /model/parse` through the router: the requests ``RawParsePath``
    /// leaves to the HTTP codec.
    func parse(_ request: Request, context: some RequestContext, route: ParseRoute) async throws -> Response {
        let body = try await body(of: request), authorization = request.headers[.authorization]
        return Self.json(try await Self.offloaded { _ in try self.parseAnswer(body: body, route: route, authorization: authorization) })
    }

    /// `work` on the thread pool, so that a long parse (a large body, a batch) leaves the event
    /// loops free for `/health` and other connections; `work` reads `cancelled` between
    /// utterances, which the request's deadline sets (a thread cannot see its task's
    /// cancellation).
    private static func offloaded<T: Sendable>(_ work: @escaping @Sendable (_ cancelled: ManagedAtomic<Bool>) throws -> T) async throws -> T {
        let cancelled = ManagedAtomic(false)
        return try await withTaskCancellationHandler {
            try await NIOThreadPool.singleton.runIfActive { try work(cancelled) }
        } onCancel: {
            cancelled.store(true, ordering: .relaxed)
        }
    }

    /// `POST /parse/batch`: `{"results": [parse, …]}` in the order of `texts`.
    func parseBatch(_ request: Request, context: some RequestContext) async throws -> Response {
        var body = try BatchParseRequest(try json(try await body(of: request)))
        body.options.authorization = request.headers[.authorization]
        guard body.texts.count <= configuration.maximumBatchSize else {
            throw ServerError.badRequest("texts: \(body.texts.count) utterances; a batch holds at most \(configuration.maximumBatchSize)")
        }
        let setting = try ParseSetting(body.options, handlers: self)
        let texts = body.texts
        let (bytes, rejected) = try await Self.offloaded { cancelled in try Self.batchAnswer(texts, setting: setting, cancelled: cancelled) }
        metrics.recordParses(body.texts.count, outOfScope: rejected, batch: true)
        return Self.json(bytes)
    }

    /// The answer to a batch, and how many of its utterances were out of scope.
    private static func batchAnswer(_ texts: [String], setting: ParseSetting, cancelled: ManagedAtomic<Bool>) throws -> ([UInt8], Int) {
        var workspace = setting.workspaces.take()
        defer { setting.workspaces.recycle(workspace) }
        var writer = ParseJSONWriter()
        writer.append(#"{"results":["#)
        var rejected = 0
        for (index, text) in texts.enumerated() {
            // The deadline cancels the request: stop between utterances rather than finish a batch nobody awaits.
            if cancelled.load(ordering: .relaxed) { throw CancellationError() }
            if index > 0 { writer.append(",") }
            if setting.options.split {
                let parses = setting.parseRequests(text, workspace: &workspace)
                if parses.contains(where: { $0.intent == nil }) { rejected += 1 }
                Self.write(requests: parses, of: text, setting: setting, to: &writer)
                continue
            }
            let parse = setting.parse(text, workspace: &workspace)
            if parse.intent == nil { rejected += 1 }
            writer.write(parse, topK: setting.options.topK, resolve: setting.options.resolve)
        }
        writer.append("]}\n")
        return (writer.bytes, rejected)
    }

    /// `POST /entities`: the built-in entities (dates, times, numbers, money…) in a text.
    func entities(_ request: Request, context: some RequestContext) async throws -> Response {
        let body = try EntitiesRequest(try json(try await body(of: request)))
        let (reference, calendar) = try moment(body.referenceDate, timeZone: body.timeZone)
        let text = body.text
        let matches = try await Self.offloaded { _ in BuiltinEntityExtractor(calendar: calendar).extract(from: text, reference: reference) }
        return try Self.encoded(EntitiesAnswer(text: body.text, entities: matches))
    }

    /// `GET /health`: 200 while the server has a model to parse with (always, once listening).
    func health(_ request: Request, context: some RequestContext) async throws -> Response {
        let loaded = store.current
        var writer = ParseJSONWriter()
        writer.append(#"{"modelGeneration":"#)
        writer.integer(loaded.generation)
        writer.append(#","status":"ok"}"#)
        writer.append("\n")
        return Self.json(writer.bytes)
    }

    /// `GET /model`: what `intentkit inspect` shows, with the file's path and when it was read.
    func model(_ request: Request, context: some RequestContext) async throws -> Response {
        let loaded = store.current
        return try Self.encoded(ModelAnswer(path: configuration.modelPath, loaded: loaded))
    }

    /// `GET /metrics`: Prometheus text format.
    func metricsText(_ request: Request, context: some RequestContext) async throws -> Response {
        metrics.recordVocabularyCache(entries: vocabularies.count)
        var buffer = [UInt8]()
        buffer.reserveCapacity(8192)
        metrics.registry.emit(into: &buffer)
        return Response(status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                        body: ResponseBody(byteBuffer: ByteBuffer(bytes: buffer)))
    }

    /// `GET /openapi.yaml`: the document describing these routes.
    func openAPI(_ request: Request, context: some RequestContext) async throws -> Response {
        Response(status: .ok, headers: [.contentType: "application/yaml; charset=utf-8"],
                 body: ResponseBody(byteBuffer: ByteBuffer(string: OpenAPIDocument.yaml)))
    }

    /// `POST /admin/reload`: reads the model file again; the model in service stays if it fails.
    func reload(_ request: Request, context: some RequestContext, token: AdminToken) async throws -> Response {
        guard token.accepts(authorization: request.headers[.authorization]) else {
            throw ServerError(.unauthorized, code: "unauthorized", "this route needs the admin token: Authorization: Bearer TOKEN",
                              headers: [.wwwAuthenticate: "Bearer"])
        }
        _ = try await request.body.collect(upTo: 0)
        let loaded = try reloadModel(reason: "POST /admin/reload")
        return try Self.encoded(ModelAnswer(path: configuration.modelPath, loaded: loaded))
    }

    /// Reloads the model (the admin route and SIGHUP), logging and counting the outcome.
    func reloadModel(reason: String) throws -> ModelStore.Loaded {
        do {
            let loaded = try store.reload()
            metrics.recordReload(succeeded: true)
            metrics.recordModel(generation: loaded.generation, loadedAt: loaded.loadedAt)
            logger.notice("model reloaded", metadata: ["reason": "\(reason)", "path": "\(configuration.modelPath)", "generation": "\(loaded.generation)"])
            return loaded
        } catch {
            metrics.recordReload(succeeded: false)
            logger.error("model reload failed; the model in service stays", metadata: ["reason": "\(reason)", "error": "\(error)"])
            throw ServerError(.internalServerError, code: "reloadFailed", "the model did not reload, the one in service stays: \(error)")
        }
    }

    // MARK: Reading requests

    /// The request's body, refusing one over the limit (413) before reading it where the
    /// request declares its length.
    private func body(of request: Request) async throws -> ByteBuffer {
        if let length = request.headers[.contentLength].flatMap(Int.init), length > configuration.maximumBodyBytes {
            throw ServerError.payloadTooLarge
        }
        return try await request.body.collect(upTo: configuration.maximumBodyBytes)
    }

    /// `body` as JSON, refusing a body that is not (400, with the byte where it stops being
    /// JSON). The `Content-Type` is not checked: the body is JSON or refused (so `curl -d`
    /// works as is).
    private func json(_ body: ByteBuffer) throws(ServerError) -> JSONValue {
        guard body.readableBytes > 0 else { throw .badRequest("the body is empty; send a JSON object") }
        do {
            return try body.withUnsafeReadableBytes { bytes throws(JSONSyntaxError) in try JSONReader.read(bytes) }
        } catch {
            throw .badRequest("the body is not valid JSON: \(error.message) at byte \(error.offset)")
        }
    }

    /// The reference moment and calendar a request names.
    func moment(_ referenceDate: String?, timeZone: String?) throws -> (Date, Calendar) {
        var calendar = defaultCalendar
        if let timeZone {
            guard let zone = TimeZone(identifier: timeZone) else {
                throw ServerError.badRequest("timeZone: '\(timeZone.prefix(100))' is not an IANA time zone name (such as Europe/Paris)")
            }
            calendar.timeZone = zone
        }
        guard let referenceDate else { return (Date(), calendar) }
        guard let date = ReferenceDate.date(referenceDate, in: calendar.timeZone) else {
            throw ServerError.badRequest("referenceDate: '\(referenceDate.prefix(100))' is not YYYY-MM-DD, YYYY-MM-DDTHH:MM[:SS] or that with an offset (Z, +01:00)")
        }
        return (date, calendar)
    }

    // MARK: Writing answers

    static func json(_ bytes: [UInt8]) -> Response {
        Response(status: .ok, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    static func encoded(_ value: some Encodable) throws -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        var bytes = Array(try encoder.encode(value))
        bytes.append(UInt8(ascii: "\n"))
        return json(bytes)
    }
}

/// The routes that parse one utterance, each answering in its own JSON.
enum ParseRoute: Sendable, CaseIterable {
    /// `POST /parse`: IntentKit's JSON.
    case parse
    /// `POST /model/parse`: Rasa NLU's JSON.
    case rasa

    var path: String {
        switch self {
        case .parse: "/parse"
        case .rasa: "/model/parse"
        }
    }

    /// The route of a request's method and path (without its query), if it is one of these.
    init?(post path: Substring) {
        switch path {
        case "/parse": self = .parse
        case "/model/parse": self = .rasa
        default: return nil
        }
    }
}

/// One request's parser and options, checked.
struct ParseSetting {
    /// The model in service when the request arrived: its parser and workspaces.
    let loaded: ModelStore.Loaded
    /// A copy of the model's parser changed by the request (its own minimum confidence or
    /// vocabulary); `nil` when it changes nothing, the common case: copying a parser retains
    /// and releases every table it holds, a cost on every request.
    private var changedParser: IntentParser?
    var options: ParseOptions
    var reference: Date
    var calendar: Calendar

    /// Workspaces for the parser's model.
    var workspaces: WorkspacePool { loaded.workspaces }

    /// The largest `topK` a request may ask for.
    static let maximumTopK = 100

    init(_ options: ParseOptions, handlers: RequestHandlers) throws {
        self.options = options
        guard (1...Self.maximumTopK).contains(options.topK) else {
            throw ServerError.badRequest("topK: \(options.topK); it must be between 1 and \(Self.maximumTopK)")
        }
        (reference, calendar) = try handlers.moment(options.referenceDate, timeZone: options.timeZone)
        loaded = handlers.store.current
        if let language = options.language {
            let model = loaded.parser.model.schema
            // The same language whatever the region or script (fr-CA asks a fr model).
            guard Schema.isLanguageTag(language), language.split(separator: "-").first?.lowercased() == model.primaryLanguage else {
                throw ServerError.badRequest("language: '\(language)'; this model parses \(model.language ?? "en") (its corpus's language), which a request cannot change")
            }
        }
        if let minConfidence = options.minConfidence {
            guard (0...1).contains(minConfidence) else { throw ServerError.badRequest("minConfidence: \(minConfidence); it must be between 0 and 1") }
            changedParser = loaded.parser
            changedParser!.minimumConfidence = minConfidence
        }
        let context = try Self.userContext(options, parser: loaded.parser, handlers: handlers)
        if let vocabulary = context?.vocabulary { changedParser = (changedParser ?? loaded.parser).using(vocabulary) }
        if let similarity = options.shortcutSimilarity {
            guard loaded.parser.model.intentClassifier?.encoder != nil else {
                throw ServerError.badRequest("shortcutSimilarity: the model has no sentence encoder to compare phrases with (train --encoder)")
            }
            guard let shortcuts = context?.shortcuts else { throw ServerError.badRequest("shortcutSimilarity: it needs shortcuts, sent or cached") }
            // Shortcuts cached without vectors are encoded here, for this request.
            changedParser = (changedParser ?? loaded.parser).using(shortcuts.encoded(by: loaded.parser))
            changedParser!.shortcutSimilarity = similarity
        } else if let shortcuts = context?.shortcuts {
            changedParser = (changedParser ?? loaded.parser).using(shortcuts)
        }
        if let history = context?.history { changedParser = (changedParser ?? loaded.parser).using(history) }
        if let reservations = context?.reservations { changedParser = (changedParser ?? loaded.parser).using(reservations) }
        if let splitConfidence = options.splitConfidence {
            changedParser = changedParser ?? loaded.parser
            changedParser!.splitConfidence = splitConfidence
        }
    }

    /// The requests of `text` (one, or two joined ones).
    func parseRequests(_ text: String, workspace: inout IntentParser.Workspace) -> [IntentParse] {
        let resolving = options.resolve || options.respond != nil
        return (changedParser ?? loaded.parser).parseRequests(
            text, workspace: &workspace, alternatives: options.topK - 1, resolving: resolving, reference: reference, calendar: calendar)
    }

    func parse(_ text: String, workspace: inout IntentParser.Workspace) -> IntentParse {
        // A response is rendered from resolved values, whether or not they are answered.
        let resolving = options.resolve || options.respond != nil
        if let changedParser {
            return changedParser.parse(text, workspace: &workspace, alternatives: options.topK - 1, resolving: resolving,
                                       reference: reference, calendar: calendar)
        }
        return loaded.parser.parse(text, workspace: &workspace, alternatives: options.topK - 1, resolving: resolving,
                                   reference: reference, calendar: calendar)
    }

    /// The response the request asked for (`respond`), rendered for `parse`, or why it cannot be.
    func response(for parse: IntentParse) -> ParseJSON.RenderedResponse? {
        guard let code = options.respond else { return nil }
        let renderer = ResponseRenderer(schema: loaded.parser.model.schema)
        let (values, problems) = renderer.values(options.responseValues, for: parse.intent ?? "", reference: reference, calendar: calendar)
        guard problems.isEmpty else { return .problem(problems.joined(separator: "; ")) }
        do {
            return .text(try renderer.render(code, for: parse, values: values))
        } catch {
            return .problem("\(error)")
        }
    }

    /// The request's user context: the vocabulary, shortcuts, history and reservations it sends (cached under its key
    /// if it names one), or those cached under its key.
    private static func userContext(_ options: ParseOptions, parser: IntentParser, handlers: RequestHandlers) throws -> UserContext? {
        let schema = parser.model.schema
        if let key = options.vocabularyKey {
            guard !key.isEmpty && key.utf8.count <= 256 else { throw ServerError.badRequest("vocabularyKey: it must be 1 to 256 bytes") }
        }
        guard options.vocabulary != nil || options.shortcuts != nil || options.history != nil || options.reservations != nil else {
            guard let key = options.vocabularyKey else { return nil }
            guard let cached = handlers.vocabularies.context(for: key) else {
                throw ServerError(.unprocessableContent, code: "unknownVocabularyKey",
                                  "vocabularyKey: no vocabulary is cached under this key (evicted or never sent); send it with the key again")
            }
            return cached
        }
        var context = UserContext()
        if let terms = options.vocabulary {
            let count = terms.values.reduce(0) { $0 + $1.count }
            guard count <= handlers.configuration.maximumVocabularyTerms else {
                throw ServerError.badRequest("vocabulary: \(count) terms; a request's vocabulary holds at most \(handlers.configuration.maximumVocabularyTerms)")
            }
            if let unknown = terms.keys.sorted().first(where: { schema.entity(named: $0) == nil }) {
                let known = schema.entities.map(\.name).joined(separator: ", ")
                throw ServerError.badRequest("vocabulary: the model has no entity '\(unknown.prefix(80))' (its entities: \(known.isEmpty ? "none" : known))")
            }
            context.vocabulary = UserVocabulary(terms)
        }
        if let shortcuts = options.shortcuts {
            guard shortcuts.count <= handlers.configuration.maximumVocabularyTerms else {
                throw ServerError.badRequest("shortcuts: \(shortcuts.count); a request holds at most \(handlers.configuration.maximumVocabularyTerms)")
            }
            if let (index, problem) = UserShortcuts.problems(of: shortcuts, in: schema).first {
                throw ServerError.badRequest("shortcuts[\(index)]: \(problem)")
            }
            // Encoded once, when sent with a similarity, so that cached ones are not encoded per request.
            context.shortcuts = options.shortcutSimilarity == nil || parser.model.intentClassifier?.encoder == nil
                ? UserShortcuts(shortcuts) : UserShortcuts(shortcuts).encoded(by: parser)
        }
        if let interactions = options.history {
            guard interactions.count <= handlers.configuration.maximumVocabularyTerms else {
                throw ServerError.badRequest("history: \(interactions.count) interactions; a request holds at most \(handlers.configuration.maximumVocabularyTerms)")
            }
            for (index, interaction) in interactions.enumerated() {
                if let problem = interaction.problem(in: schema) { throw ServerError.badRequest("history[\(index)]: \(problem)") }
            }
            context.history = UserHistory(interactions)
        }
        if let reservations = options.reservations {
            guard reservations.count <= handlers.configuration.maximumVocabularyTerms else {
                throw ServerError.badRequest("reservations: \(reservations.count); a request holds at most \(handlers.configuration.maximumVocabularyTerms)")
            }
            if let (index, problem) = UserReservations.problems(of: reservations).first {
                throw ServerError.badRequest("reservations[\(index)]: \(problem)")
            }
            context.reservations = UserReservations(reservations)
        }
        if let key = options.vocabularyKey {
            guard let token = handlers.cacheToken else {
                throw ServerError(.forbidden, code: "cachingOff",
                                  "vocabularyKey: this server caches nothing (serve --cache-token-file turns caching on); send the vocabulary, shortcuts or history without a key")
            }
            guard token.accepts(authorization: options.authorization) else {
                throw ServerError(.unauthorized, code: "unauthorized", "vocabularyKey: caching a user's context needs the cache token: Authorization: Bearer TOKEN",
                                  headers: [.wwwAuthenticate: "Bearer"])
            }
            handlers.vocabularies.store(context, for: key)
        }
        if let key = options.vocabularyKey, let cached = handlers.vocabularies.context(for: key) { return cached }
        return context
    }
}

/// `POST /entities`' answer, as `intentkit entities` writes it.
private struct EntitiesAnswer: Encodable {
    var text: String
    var entities: [BuiltinEntityMatch]
}

/// `GET /model`'s answer: the model's summary, with its path and when it was read.
private struct ModelAnswer: Encodable {
    var path: String
    var loaded: ModelStore.Loaded

    private enum Keys: String, CodingKey { case path, loadedAt, generation }

    func encode(to encoder: any Encoder) throws {
        try loaded.summary.encode(to: encoder)
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(path, forKey: .path)
        try container.encode(loaded.loadedAt, forKey: .loadedAt)
        try container.encode(loaded.generation, forKey: .generation)
    }
}
