import Foundation
import IntentKit
import Yams

/// Files of user vocabulary for `intentkit parse --vocabulary`: terms per entity type, each list
/// highest priority first.
///
/// YAML or JSON, a mapping from entity name to terms; a term is a phrase, or a mapping with
/// `phrase` and optionally `id`, `pronunciation` and `alternatives`:
///
/// ```yaml
/// contact:
///   - {phrase: Buttercup Jones, id: contact-17, alternatives: [Butters]}
///   - Celestra
/// account:
///   - {phrase: NestEgg, id: account-3, pronunciation: nest egg}
/// ```
///
/// An `AppIntentVocabulary.plist` (`.plist`) gives its terms under its parameter names.
public enum UserVocabularyFormat {
    /// Reads the file at `url` into terms per entity name.
    /// - Throws: ``CorpusError`` naming the file, line and column of each problem.
    public static func read(at url: URL, displayPath: String, decoder: TextDecoder = TextDecoder()) throws -> [String: [VocabularyTerm]] {
        if url.pathExtension.lowercased() == "plist" {
            let corpus = try AppIntentVocabularyFormat.read(at: url, displayPath: displayPath, decoder: decoder).corpus
            var terms = [String: [VocabularyTerm]]()
            for entity in corpus.schema.entities {
                terms[entity.name] = entity.values.map {
                    VocabularyTerm($0.phrase, identifier: $0.identifier, pronunciation: $0.pronunciation, alternatives: $0.synonyms)
                }
            }
            return terms
        }
        return try read(text: try decoder.decodeFile(at: url, displayPath: displayPath).text, displayPath: displayPath)
    }

    /// Reads vocabulary written as YAML or JSON text (the C API's and the server's, sent with a
    /// request) into terms per entity name.
    /// - Throws: ``CorpusError`` naming `displayPath`, line and column of each problem.
    public static func read(text: String, displayPath: String) throws -> [String: [VocabularyTerm]] {
        let root = try YAMLNodeReader.compose(text, file: displayPath, language: "YAML or JSON")
        var nodes = YAMLNodeReader(file: displayPath)
        var terms = [String: [VocabularyTerm]]()
        guard let mapping = root.mapping else {
            nodes.error("a vocabulary file must map entity names to lists of terms", at: root)
            throw CorpusError.invalid(nodes.diagnostics)
        }
        for (keyNode, value) in mapping {
            guard let entity = keyNode.scalar?.string, !entity.isEmpty else {
                nodes.error("entity names must be plain strings", at: keyNode)
                continue
            }
            if terms[entity] != nil { nodes.error("duplicate entity '\(entity)'", at: keyNode) }
            var list = [VocabularyTerm]()
            for item in nodes.sequence(value, what: "the terms of '\(entity)'") {
                if let phrase = item.scalar?.string {
                    if phrase.trimmingCharacters(in: .whitespaces).isEmpty { nodes.error("a term of '\(entity)' is empty", at: item) } else { list.append(VocabularyTerm(phrase)) }
                    continue
                }
                let what = "a term of '\(entity)'"
                guard let fields = nodes.mapping(item, what: what, allowed: ["phrase", "id", "identifier", "pronunciation", "alternatives", "synonyms"]),
                      let phrase = nodes.requiredString(fields, "phrase", in: what, at: item) else { continue }
                if fields["id"] != nil && fields["identifier"] != nil { nodes.error("\(what) has both 'id' and 'identifier'", at: item) }
                let identifier = nodes.string(fields["id"] ?? fields["identifier"], what: "the id of \(what)")
                let pronunciation = nodes.string(fields["pronunciation"], what: "the pronunciation of \(what)")
                let alternatives = nodes.strings(fields["alternatives"], what: "the alternatives of \(what)")
                    + nodes.strings(fields["synonyms"], what: "the synonyms of \(what)")
                list.append(VocabularyTerm(phrase, identifier: identifier, pronunciation: pronunciation, alternatives: alternatives))
            }
            terms[entity] = list
        }
        if nodes.diagnostics.contains(where: { $0.severity == .error }) { throw CorpusError.invalid(nodes.diagnostics) }
        return terms
    }
}
