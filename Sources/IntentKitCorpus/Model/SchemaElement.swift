/// A named part of a schema, used to locate it in the file it came from.
public enum SchemaElement: Hashable, Sendable {
    case domain(String)
    case intent(String)
    case parameter(intent: String, name: String)
    case entity(String)
    /// The intent's pattern at `index` of its `patterns`.
    case pattern(intent: String, index: Int)
}
