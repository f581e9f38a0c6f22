import IntentKit

/// How English speaks of a switch: a Boolean parameter (a closed entity whose values are `true`
/// and `false`) is turned on and off, enabled and disabled, activated and deactivated, and a
/// pattern that sets one (`set night shift to [state]`, `turn mobile ordering [enabled]`) is said
/// in every order people say it. What the app importers (Intent Definition Files, App Intents)
/// add to patterns written for a screen rather than for speech.
enum SwitchPhrasing {
    /// The words that turn a switch on and off.
    static let words = (on: ["on", "enable", "enabled", "activate"], off: ["off", "disable", "disabled", "deactivate"])

    /// Whether `entity` is a switch.
    static func isSwitch(_ entity: Entity) -> Bool {
        !entity.allowsOtherValues && Set(entity.values.map(\.identifier)) == ["true", "false"]
    }

    /// Each switch of `entities` takes the words of ``words`` as synonyms, except a word some
    /// pattern of `intents` says as text (`disable night shift for [duration]`), which would
    /// then read as a value where it is not one.
    static func addWords(to entities: inout [Entity], besides intents: [IntentDefinition]) {
        var said = Set<String>()
        for intent in intents {
            for pattern in intent.patterns {
                guard let parsed = try? UtterancePattern(pattern) else { continue }
                func collect(_ pieces: [UtterancePattern.Piece]) {
                    for piece in pieces {
                        switch piece {
                        case .text(let text): said.formUnion(text.lowercased().split(separator: " ").map(String.init))
                        case .parameter: break
                        case .choice(let alternatives): alternatives.forEach(collect)
                        }
                    }
                }
                collect(parsed.pieces)
            }
        }
        for index in entities.indices where isSwitch(entities[index]) {
            for value in entities[index].values.indices {
                let switchWords = entities[index].values[value].identifier == "true" ? words.on : words.off
                let known = Set(entities[index].values.flatMap(\.allPhrases).map { $0.lowercased() })
                entities[index].values[value].synonyms += switchWords.filter { !known.contains($0) && !said.contains($0) }
            }
        }
    }

    /// For each switch parameter of `intent` that a pattern sets — `(set|turn|switch) X to [b]`,
    /// `(turn|switch) X [b]` or `(turn|switch) [b] X` — the ways people flip it:
    /// `turn X [b]`, `turn [b] X`, `switch X [b]`, `switch [b] X` and `[b] X` (enable X).
    static func addPatterns(to intent: inout IntentDefinition, entities: [Entity]) {
        for parameter in intent.parameters {
            guard case .custom(let entityName) = parameter.entity,
                  let entity = entities.first(where: { $0.name == entityName }), isSwitch(entity) else { continue }
            let slot = "[\(parameter.name)]"
            let subjects = intent.patterns.compactMap { pattern -> String? in
                let words = pattern.split(separator: " ").map(String.init)
                guard words.count >= 3, ["set", "turn", "switch"].contains(words[0]) else { return nil }
                if words.count >= 4, words[words.count - 2] == "to", words.last == slot { return words[1..<(words.count - 2)].joined(separator: " ") }
                guard words[0] != "set" else { return nil }
                if words.last == slot { return words[1..<(words.count - 1)].joined(separator: " ") }
                if words[1] == slot { return words[2...].joined(separator: " ") }
                return nil
            }
            for subject in Set(subjects).sorted() where !subject.contains("[") {
                for pattern in ["turn \(subject) \(slot)", "turn \(slot) \(subject)", "switch \(subject) \(slot)", "switch \(slot) \(subject)",
                                "\(slot) \(subject)"] where !intent.patterns.contains(pattern) {
                    intent.patterns.append(pattern)
                }
            }
        }
    }
}
