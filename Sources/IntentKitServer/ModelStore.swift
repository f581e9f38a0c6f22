import Foundation
import IntentKit

/// The model the server parses with, replaced whole on reload. A request takes a snapshot
/// (``current``) and parses with it to the end, so a reload never drops or mixes a request.
final class ModelStore: @unchecked Sendable {
    /// One loaded model and what `GET /model` says of it; a class, so that a request's
    /// snapshot is one reference, not a copy of every array the parser and summary hold.
    final class Loaded: Sendable {
        let parser: IntentParser
        /// Workspaces for this model's parses, reused across requests.
        let workspaces: WorkspacePool
        let summary: ModelSummary
        let loadedAt: Date
        /// 1 for the model read at start, one more for each reload.
        let generation: Int

        init(parser: IntentParser, workspaces: WorkspacePool, summary: ModelSummary, loadedAt: Date, generation: Int) {
            self.parser = parser
            self.workspaces = workspaces
            self.summary = summary
            self.loadedAt = loadedAt
            self.generation = generation
        }
    }

    private let lock = NSLock()
    private var loaded: Loaded
    /// Held through a whole reload, so two reloads do not race to install older files.
    private let reloading = NSLock()
    private let configuration: ServerConfiguration

    /// Reads the model the configuration names.
    /// - Throws: ``ModelError`` or ``EncoderError`` naming the file and what is wrong with it.
    init(configuration: ServerConfiguration) throws {
        self.configuration = configuration
        loaded = try Self.load(configuration, generation: 1)
    }

    var current: Loaded {
        lock.lock()
        defer { lock.unlock() }
        return loaded
    }

    /// Reads the model file again and serves it from the next request on; if it does not read,
    /// the model in service stays and the error is thrown.
    @discardableResult
    func reload() throws -> Loaded {
        reloading.lock()
        defer { reloading.unlock() }
        let next = try Self.load(configuration, generation: current.generation + 1)
        lock.lock()
        loaded = next
        lock.unlock()
        return next
    }

    private static func load(_ configuration: ServerConfiguration, generation: Int) throws -> Loaded {
        let encoder = try configuration.encoderDirectory.map { try SentenceEncoder(directory: URL(fileURLWithPath: $0)) }
        let file = try ModelFileReader(uncheckedContentsOf: URL(fileURLWithPath: configuration.modelPath))
        var parser = IntentParser(model: try NLUModel(file: file, encoder: encoder))
        parser.intentReranking = configuration.intentReranking
        if let minimum = configuration.minimumConfidence { parser.minimumConfidence = minimum > 0 ? minimum : nil }
        return Loaded(parser: parser, workspaces: WorkspacePool(parser: parser), summary: ModelSummary(parser.model, file: file), loadedAt: Date(), generation: generation)
    }
}
