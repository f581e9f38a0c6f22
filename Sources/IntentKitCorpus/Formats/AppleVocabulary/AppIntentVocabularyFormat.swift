import Foundation
import IntentKit

/// Apple's `AppIntentVocabulary.plist` (XML or binary): the app-wide vocabulary a SiriKit app
/// ships.
///
/// - `ParameterVocabularies`: each entry names parameters (`INRequestRideIntent.rideOptionName`)
///   and lists terms (`VocabularyItemIdentifier`, and `VocabularyItemSynonyms` with
///   `VocabularyItemPhrase`, `VocabularyItemPronunciation`, `VocabularyItemExamples`). It becomes
///   a custom entity named after the parameter (`rideOptionName`); each term a value whose phrase
///   is its first synonym's.
/// - `IntentPhrases`: `IntentName` and `IntentExamples` become an intent with example utterances.
///
/// Examples that contain a term's phrase (case-insensitively) get it annotated as that parameter,
/// so the file yields labelled utterances, not just a word list.
public enum AppIntentVocabularyFormat {
    /// Reads an `AppIntentVocabulary.plist`.
    public static func read(at url: URL, displayPath: String, decoder: TextDecoder) throws -> LoadedCorpus {
        try TextDecoder.checkSize(of: url, path: displayPath)
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw CorpusError.io(path: displayPath, detail: "cannot read file")
        }
        let root: JSONFileValue
        if data.starts(with: PropertyListReader.binaryMagic) {
            let plist: Any
            do {
                plist = try PropertyListSerialization.propertyList(from: data, format: nil)
            } catch {
                throw CorpusError.malformed(SourceLocation(file: displayPath), "not a valid binary property list: \((error as NSError).localizedDescription)")
            }
            root = JSONFileValue(foundationObject: plist, file: displayPath)
        } else {
            // Decoded strictly first, so that bad bytes are reported with their place.
            let source = JSONSource(text: try decoder.decode([UInt8](data), file: displayPath).text, file: displayPath)
            do {
                root = JSONFileValue(try PropertyListReader.read(source.bytes), source: source)
            } catch {
                throw CorpusError.malformed(source.location(ofByte: error.offset), "not a valid property list: \(error.message)")
            }
        }

        var entities = [Entity]()
        var parametersByIntent = [(intent: String, parameter: Parameter)]()
        for (index, vocabulary) in try (root["ParameterVocabularies"]?.array() ?? []).enumerated() {
            let names = try (vocabulary["ParameterNames"]?.array() ?? []).map { try $0.string() }
            guard let first = names.first else { throw vocabulary.failure("no ParameterNames") }
            let entityName = parameterName(first)
            var values = [EntityValue]()
            for item in try (vocabulary["ParameterVocabulary"]?.array() ?? []) {
                let synonyms = try (item["VocabularyItemSynonyms"]?.array() ?? [])
                let phrases = try synonyms.map { try $0["VocabularyItemPhrase"]?.string() ?? "" }.filter { !$0.isEmpty }
                guard let phrase = phrases.first else { throw item.failure("a vocabulary item has no VocabularyItemPhrase") }
                let examples = try synonyms.flatMap { try ($0["VocabularyItemExamples"]?.array() ?? []).map { try $0.string() } }
                values.append(EntityValue(
                    identifier: try item["VocabularyItemIdentifier"]?.string(), phrase: phrase,
                    synonyms: Array(phrases.dropFirst()),
                    pronunciation: try synonyms.first?["VocabularyItemPronunciation"]?.string(),
                    examples: examples))
            }
            let name = entities.contains { $0.name == entityName } ? "\(entityName)\(index + 1)" : entityName
            entities.append(Entity(name: name, values: values, allowsOtherValues: false))
            for qualified in names {
                parametersByIntent.append((intentName(qualified), Parameter(name: parameterName(qualified), entity: .custom(name))))
            }
        }

        var intents = [IntentDefinition]()
        func intentIndex(_ name: String) -> Int {
            if let index = intents.firstIndex(where: { $0.name == name }) { return index }
            intents.append(IntentDefinition(name: name))
            return intents.count - 1
        }
        for (intent, parameter) in parametersByIntent {
            let index = intentIndex(intent)
            if intents[index].parameter(named: parameter.name) == nil { intents[index].parameters.append(parameter) }
        }
        var utterances = [Utterance]()
        for phrases in try (root["IntentPhrases"]?.array() ?? []) {
            guard let name = try phrases["IntentName"]?.string() else { throw phrases.failure("no IntentName") }
            let index = intentIndex(name)
            for example in try (phrases["IntentExamples"]?.array() ?? []) {
                utterances.append(annotate(try example.string(), intent: intents[index], entities: entities, file: displayPath))
            }
        }
        for (intent, parameter) in parametersByIntent {
            guard case .custom(let entityName) = parameter.entity, let entity = entities.first(where: { $0.name == entityName }),
                  let definition = intents.first(where: { $0.name == intent }) else { continue }
            for example in entity.values.flatMap(\.examples) {
                utterances.append(annotate(example, intent: definition, entities: entities, file: displayPath))
            }
        }
        let schema = Schema(domains: [Domain(name: url.deletingPathExtension().lastPathComponent, intents: intents)], entities: entities)
        return LoadedCorpus(corpus: Corpus(schema: schema, utterances: utterances))
    }

    /// `INRequestRideIntent.rideOptionName` → `rideOptionName`.
    static func parameterName(_ qualified: String) -> String {
        qualified.split(separator: ".").last.map(String.init) ?? qualified
    }

    /// `INRequestRideIntent.rideOptionName` → `INRequestRideIntent`.
    static func intentName(_ qualified: String) -> String {
        qualified.split(separator: ".").first.map(String.init) ?? qualified
    }

    /// Marks the longest phrase of any of `intent`'s parameter vocabularies found in `text`.
    private static func annotate(_ text: String, intent: IntentDefinition, entities: [Entity], file: String) -> Utterance {
        let lowered = text.lowercased()
        var slots = [SlotAnnotation]()
        // Offsets found in the lowercased text are valid in the original only if lowercasing
        // kept the scalar count (it does not for a few letters such as "İ").
        guard lowered.unicodeScalars.count == text.unicodeScalars.count else {
            return Utterance(text: text, intent: intent.name, location: SourceLocation(file: file))
        }
        for parameter in intent.parameters {
            guard case .custom(let entityName) = parameter.entity,
                  let entity = entities.first(where: { $0.name == entityName }) else { continue }
            let phrases = entity.values.flatMap(\.allPhrases).sorted { $0.count > $1.count }
            for phrase in phrases {
                guard let found = lowered.range(of: phrase.lowercased()) else { continue }
                let start = lowered.unicodeScalars.distance(from: lowered.startIndex, to: found.lowerBound)
                let range = start..<start + phrase.lowercased().unicodeScalars.count
                if !slots.contains(where: { $0.range.overlaps(range) }) {
                    slots.append(SlotAnnotation(name: parameter.name, range: range))
                }
                break
            }
        }
        slots.sort { $0.range.lowerBound < $1.range.lowerBound }
        return Utterance(text: text, intent: intent.name, slots: slots, location: SourceLocation(file: file))
    }
}
