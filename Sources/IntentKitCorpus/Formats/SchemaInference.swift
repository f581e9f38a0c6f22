import IntentKit

/// Builds a schema from the utterances of formats that carry none (BIO, CoNLL, Snips 2017, …):
/// intents in order of first use, each with the slots seen with it as optional parameters.
enum SchemaInference {
    /// - Parameters:
    ///   - entityOfSlot: the entity type a slot name stands for, when the format says; otherwise
    ///     each slot is typed by a custom entity of its own name.
    ///   - entities: entities the format declares; custom entities referenced but not declared
    ///     are added without values.
    static func schema(
        domain: String, utterances: [Utterance], entityOfSlot: [String: String] = [:], entities: [Entity] = [],
        intentOrder: [String] = []
    ) -> Schema {
        var intentNames = [String]()
        var parametersByIntent = [String: [String]]()
        for name in intentOrder where parametersByIntent[name] == nil {
            intentNames.append(name)
            parametersByIntent[name] = []
        }
        for utterance in utterances {
            if parametersByIntent[utterance.intent] == nil {
                intentNames.append(utterance.intent)
                parametersByIntent[utterance.intent] = []
            }
            for slot in utterance.slots where !parametersByIntent[utterance.intent]!.contains(slot.name) {
                parametersByIntent[utterance.intent]!.append(slot.name)
            }
        }
        var allEntities = entities
        var known = Set(entities.map(\.name))
        let intents = intentNames.map { intent in
            IntentDefinition(name: intent, parameters: parametersByIntent[intent]!.map { slot in
                let reference = EntityReference(name: entityOfSlot[slot] ?? slot)
                if case .custom(let name) = reference, !known.contains(name) {
                    known.insert(name)
                    allEntities.append(Entity(name: name))
                }
                return Parameter(name: slot, entity: reference)
            })
        }
        return Schema(domains: [Domain(name: domain, intents: intents)], entities: allEntities)
    }
}
