/// A JSON value (RFC 8259) as ``JSONReader`` reads it, with the byte offset where it starts in
/// the text: object members in their order, whole-number literals kept exactly.
package struct JSONValue: Sendable, Equatable {
    package indirect enum Content: Sendable, Equatable {
        case null
        case bool(Bool)
        /// A number; `integer` is set when the literal has no fraction or exponent and fits `Int`.
        case number(Double, integer: Int?)
        case string(String)
        case array([JSONValue])
        /// Members in their order in the text, each name once (``JSONReader`` refuses a repeated one).
        case object([(key: String, value: JSONValue)])

        package static func == (lhs: Content, rhs: Content) -> Bool {
            switch (lhs, rhs) {
            case (.null, .null): true
            case let (.bool(a), .bool(b)): a == b
            case let (.number(a, _), .number(b, _)): a == b
            case let (.string(a), .string(b)): a == b
            case let (.array(a), .array(b)): a == b
            case let (.object(a), .object(b)): a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
            default: false
            }
        }
    }

    package var content: Content
    /// The byte offset of the value's first character in the text it was read from (0 for a
    /// value that was not read from text).
    package var offset: Int

    package init(_ content: Content, offset: Int = 0) {
        self.content = content
        self.offset = offset
    }

    /// Two values are equal when their contents are; where they stand does not count.
    package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs.content == rhs.content }

    /// The member `key` of an object; `nil` when absent or when the value is not an object.
    package subscript(key: String) -> JSONValue? {
        guard case .object(let members) = content else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// "an object", "a string", … for messages.
    package var kind: String {
        switch content {
        case .null: "null"
        case .bool: "true or false"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
