/// Reads an XML property list (Apple's `plist` DTD, as Xcode writes Intent Definition Files and
/// `AppIntentVocabulary.plist`) into ``JSONValue``s, each with the byte offset where its element
/// starts: `<dict>` an object (its keys in their order, each once), `<array>` an array,
/// `<string>` and `<date>` strings, `<integer>` and `<real>` numbers, `<true/>` and `<false/>`
/// Booleans, `<data>` its Base64 text as a string.
///
/// Foundation's `PropertyListSerialization` names no place for an error ("The data is not in the
/// correct format") and none for a value, and recurses once per level of nesting: a file of
/// 100,000 nested arrays exhausts the stack. This reader keeps the open elements in a stack of
/// its own, refuses nesting past ``maximumDepth`` and names the byte of every problem.
package struct PropertyListReader {
    /// Dictionaries and arrays nested deeper than this are refused (Xcode's files nest about
    /// eight levels).
    package static let maximumDepth = 64

    private let bytes: [UInt8]
    private var position = 0

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The first bytes of a binary property list.
    package static let binaryMagic = Array("bplist".utf8)

    /// The value of the `<plist>` document `bytes` hold (UTF-8).
    package static func read(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        var reader = PropertyListReader(bytes)
        return try reader.document()
    }

    /// A container being read: its value so far, and for a dictionary the key waiting for its value.
    private struct Open {
        var offset: Int
        var isDictionary: Bool
        var items: [JSONValue] = []
        var members: [(key: String, value: JSONValue)] = []
        var keys: Set<String> = []
        var pendingKey: (name: String, offset: Int)?
    }

    private mutating func document() throws(JSONSyntaxError) -> JSONValue {
        try skipProlog()
        let plist = try tag()
        guard plist.name == "plist", !plist.isClosing else {
            throw JSONSyntaxError(offset: plist.offset, message: "expected <plist>, found \(plist.description)")
        }
        var stack = [Open]()
        var root: JSONValue?
        while true {
            try skipMisc()
            let element = try tag()
            if element.isClosing {
                if element.name == "plist", stack.isEmpty {
                    guard let root else { throw JSONSyntaxError(offset: element.offset, message: "<plist> holds no value") }
                    try skipMisc()
                    guard position == bytes.count else { throw JSONSyntaxError(offset: position, message: "text after </plist>") }
                    return root
                }
                guard let open = stack.popLast(), element.name == (open.isDictionary ? "dict" : "array") else {
                    throw JSONSyntaxError(offset: element.offset, message: "\(element.description) closes no open element")
                }
                if let key = open.pendingKey { throw JSONSyntaxError(offset: key.offset, message: "the key '\(key.name)' has no value") }
                let value = JSONValue(open.isDictionary ? .object(open.members) : .array(open.items), offset: open.offset)
                try add(value, to: &stack, root: &root)
                continue
            }
            switch element.name {
            case "dict", "array":
                if element.isEmpty {
                    try add(JSONValue(element.name == "dict" ? .object([]) : .array([]), offset: element.offset), to: &stack, root: &root)
                    continue
                }
                guard stack.count < Self.maximumDepth else {
                    throw JSONSyntaxError(offset: element.offset, message: "nested deeper than \(Self.maximumDepth) levels")
                }
                if root != nil && stack.isEmpty { throw JSONSyntaxError(offset: element.offset, message: "<plist> holds more than one value") }
                stack.append(Open(offset: element.offset, isDictionary: element.name == "dict"))
            case "key":
                guard var open = stack.last, open.isDictionary else {
                    throw JSONSyntaxError(offset: element.offset, message: "a <key> outside a <dict>")
                }
                if let key = open.pendingKey { throw JSONSyntaxError(offset: key.offset, message: "the key '\(key.name)' has no value") }
                let name = try text(of: element)
                guard open.keys.insert(name).inserted else {
                    throw JSONSyntaxError(offset: element.offset, message: "the key '\(name)' twice in one <dict>")
                }
                open.pendingKey = (name, element.offset)
                stack[stack.count - 1] = open
            case "string", "date", "data":
                try add(JSONValue(.string(try text(of: element)), offset: element.offset), to: &stack, root: &root)
            case "integer", "real":
                let literal = try text(of: element).trimmingXMLSpace()
                let integer = element.name == "integer" ? Int(literal) : nil
                guard let number = integer.map(Double.init) ?? Double(literal) else {
                    throw JSONSyntaxError(offset: element.offset, message: "<\(element.name)> holds '\(literal.prefix(40))', not a number")
                }
                try add(JSONValue(.number(number, integer: integer), offset: element.offset), to: &stack, root: &root)
            case "true", "false":
                if !element.isEmpty {
                    try skipMisc()
                    let close = try tag()
                    guard close.isClosing, close.name == element.name else {
                        throw JSONSyntaxError(offset: close.offset, message: "expected </\(element.name)>, found \(close.description)")
                    }
                }
                try add(JSONValue(.bool(element.name == "true"), offset: element.offset), to: &stack, root: &root)
            default:
                throw JSONSyntaxError(offset: element.offset, message: "\(element.description) is not a property-list element")
            }
        }
    }

    /// Puts `value` where it belongs: the open array, the open dictionary's waiting key, or the root.
    private func add(_ value: JSONValue, to stack: inout [Open], root: inout JSONValue?) throws(JSONSyntaxError) {
        guard var open = stack.popLast() else {
            guard root == nil else { throw JSONSyntaxError(offset: value.offset, message: "<plist> holds more than one value") }
            root = value
            return
        }
        if open.isDictionary {
            guard let key = open.pendingKey else { throw JSONSyntaxError(offset: value.offset, message: "a value without its <key> in a <dict>") }
            open.members.append((key.name, value))
            open.pendingKey = nil
        } else {
            open.items.append(value)
        }
        stack.append(open)
    }

    // MARK: Markup

    private struct Tag {
        var name: String
        var offset: Int
        var isClosing: Bool
        /// `<name/>`.
        var isEmpty: Bool

        var description: String { isClosing ? "</\(name)>" : isEmpty ? "<\(name)/>" : "<\(name)>" }
    }

    /// The tag at the position (after white space, comments and processing instructions).
    private mutating func tag() throws(JSONSyntaxError) -> Tag {
        guard position < bytes.count else { throw JSONSyntaxError(offset: position, message: "the file ends before </plist>") }
        guard bytes[position] == UInt8(ascii: "<") else {
            throw JSONSyntaxError(offset: position, message: "text where an element was expected")
        }
        let start = position
        position += 1
        let isClosing = position < bytes.count && bytes[position] == UInt8(ascii: "/")
        if isClosing { position += 1 }
        let nameStart = position
        while position < bytes.count, Self.isNameByte(bytes[position]) { position += 1 }
        let name = String(decoding: bytes[nameStart..<position], as: UTF8.self)
        guard !name.isEmpty else { throw JSONSyntaxError(offset: start, message: "a '<' that starts no element") }
        // Attributes (`version="1.0"`) are skipped; a quoted value may hold '>'.
        var quote: UInt8?
        while position < bytes.count {
            let byte = bytes[position]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                break
            }
            position += 1
        }
        guard position < bytes.count else { throw JSONSyntaxError(offset: start, message: "<\(name) is never closed with '>'") }
        let isEmpty = bytes[position - 1] == UInt8(ascii: "/") && !isClosing
        position += 1
        return Tag(name: name, offset: start, isClosing: isClosing, isEmpty: isEmpty)
    }

    /// The text of a leaf element up to its closing tag, entities and CDATA read.
    private mutating func text(of element: Tag) throws(JSONSyntaxError) -> String {
        if element.isEmpty { return "" }
        var text = [UInt8]()
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "<") {
                if matches("<![CDATA[") {
                    let start = position
                    position += 9
                    guard let end = find("]]>") else { throw JSONSyntaxError(offset: start, message: "a CDATA section without its ']]>'") }
                    text += bytes[position..<end]
                    position = end + 3
                    continue
                }
                if matches("<!--") {
                    try skipComment()
                    continue
                }
                let close = try tag()
                guard close.isClosing, close.name == element.name else {
                    throw JSONSyntaxError(offset: close.offset, message: "expected </\(element.name)>, found \(close.description): <\(element.name)> holds text only")
                }
                return String(decoding: text, as: UTF8.self)
            }
            if byte == UInt8(ascii: "&") {
                text += try entity()
                continue
            }
            text.append(byte)
            position += 1
        }
        throw JSONSyntaxError(offset: element.offset, message: "<\(element.name)> without its </\(element.name)>")
    }

    /// The bytes of the entity or character reference at the position (`&amp;`, `&#233;`, `&#xE9;`).
    private mutating func entity() throws(JSONSyntaxError) -> [UInt8] {
        let start = position
        guard let end = bytes[position..<min(bytes.count, position + 12)].firstIndex(of: UInt8(ascii: ";")) else {
            throw JSONSyntaxError(offset: start, message: "a '&' that starts no entity: write &amp;")
        }
        let name = String(decoding: bytes[(position + 1)..<end], as: UTF8.self)
        position = end + 1
        switch name {
        case "amp": return Array("&".utf8)
        case "lt": return Array("<".utf8)
        case "gt": return Array(">".utf8)
        case "quot": return Array("\"".utf8)
        case "apos": return Array("'".utf8)
        default:
            let code: UInt32? = name.hasPrefix("#x") ? UInt32(name.dropFirst(2), radix: 16) : name.hasPrefix("#") ? UInt32(name.dropFirst(), radix: 10) : nil
            guard let code, let scalar = Unicode.Scalar(code), code != 0 else {
                throw JSONSyntaxError(offset: start, message: "'&\(name);' is not an entity of XML")
            }
            return Array(String(Character(scalar)).utf8)
        }
    }

    /// Skips the XML declaration, the DOCTYPE, comments and white space before `<plist>`.
    private mutating func skipProlog() throws(JSONSyntaxError) {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
        while true {
            try skipMisc()
            if matches("<!DOCTYPE") {
                guard let end = bytes[position...].firstIndex(of: UInt8(ascii: ">")) else {
                    throw JSONSyntaxError(offset: position, message: "a <!DOCTYPE without its '>'")
                }
                position = end + 1
            } else {
                return
            }
        }
    }

    /// Skips white space, comments and processing instructions (`<?xml …?>`).
    private mutating func skipMisc() throws(JSONSyntaxError) {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D:
                position += 1
            case UInt8(ascii: "<") where matches("<!--"):
                try skipComment()
            case UInt8(ascii: "<") where matches("<?"):
                let start = position
                guard let end = find("?>") else { throw JSONSyntaxError(offset: start, message: "a '<?' without its '?>'") }
                position = end + 2
            default:
                return
            }
        }
    }

    private mutating func skipComment() throws(JSONSyntaxError) {
        let start = position
        guard let end = find("-->", from: position + 4) else { throw JSONSyntaxError(offset: start, message: "a comment '<!--' without its '-->'") }
        position = end + 3
    }

    private func matches(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        return (0..<count).allSatisfy { bytes[position + $0] == literal.utf8Start[$0] }
    }

    /// Where `literal` next starts, from `start` (default: the position).
    private func find(_ literal: StaticString, from start: Int? = nil) -> Int? {
        let count = literal.utf8CodeUnitCount
        var index = start ?? position
        while index + count <= bytes.count {
            if bytes[index] == literal.utf8Start[0], (1..<count).allSatisfy({ bytes[index + $0] == literal.utf8Start[$0] }) { return index }
            index += 1
        }
        return nil
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: ":") || byte == UInt8(ascii: ".")
    }
}

extension String {
    /// Without XML's white space (space, tab, line feeds) at either end.
    fileprivate func trimmingXMLSpace() -> String {
        let space: Set<Unicode.Scalar> = [" ", "\t", "\r", "\n"]
        guard let first = unicodeScalars.firstIndex(where: { !space.contains($0) }),
              let last = unicodeScalars.lastIndex(where: { !space.contains($0) }) else { return "" }
        return String(unicodeScalars[first...last])
    }
}
