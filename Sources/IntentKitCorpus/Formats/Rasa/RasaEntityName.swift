/// How a Rasa entity with a role or a group becomes an IntentKit slot name and back: IntentKit's
/// slots have neither, so the slot's name carries them, `entity.role#group` (`city.departure`,
/// `pizza#1`). Reading and writing Rasa's formats use the same rule, so a corpus read from Rasa
/// and written back keeps its roles and groups.
enum RasaEntityName {
    /// The slot name of a Rasa entity with its role and group.
    static func slotName(entity: String, role: String?, group: String?) -> String {
        var name = entity
        if let role, !role.isEmpty { name += "." + role }
        if let group, !group.isEmpty { name += "#" + group }
        return name
    }

    /// The Rasa entity, role and group a slot name stands for (a `.` or `#` with nothing after it
    /// is part of the entity's name).
    static func parts(of slotName: String) -> (entity: String, role: String?, group: String?) {
        var rest = Substring(slotName)
        var group: String?
        if let hash = rest.lastIndex(of: "#"), hash != rest.startIndex, rest.index(after: hash) != rest.endIndex {
            group = String(rest[rest.index(after: hash)...])
            rest = rest[..<hash]
        }
        var role: String?
        if let dot = rest.lastIndex(of: "."), dot != rest.startIndex, rest.index(after: dot) != rest.endIndex {
            role = String(rest[rest.index(after: dot)...])
            rest = rest[..<dot]
        }
        return (String(rest), role, group)
    }
}
