extension ParseJSONWriter {
    /// Appends `{"requests": [parse, …], "text": …}`: an utterance's requests
    /// (``IntentParser/parseRequests(_:workspace:alternatives:resolving:reference:calendar:)``),
    /// each as ``write(_:topK:resolve:response:)`` writes it, with its own response.
    package mutating func write(
        requests parses: [IntentParse], of text: String, topK: Int, resolve: Bool,
        response: (IntentParse) -> ParseJSON.RenderedResponse? = { _ in nil }
    ) {
        append(#"{"requests":["#)
        for (index, parse) in parses.enumerated() {
            if index > 0 { append(",") }
            write(parse, topK: topK, resolve: resolve, response: response(parse))
        }
        append(#"],"text":"#)
        string(text)
        append("}")
    }

    /// `compact`, JSON as this writer writes it (no white space outside strings), laid out as
    /// `JSONEncoder`'s `.prettyPrinted` lays it out, byte for byte: two spaces an indent, `" : "`
    /// after a key, an empty array or object as its brackets on lines one apart. For a terminal.
    package static func prettyPrinted(_ compact: [UInt8]) -> [UInt8] {
        var output = [UInt8]()
        output.reserveCapacity(compact.count * 2)
        var depth = 0, index = 0
        var inString = false, escaped = false
        func newLine() {
            output.append(0x0A)
            output.append(contentsOf: repeatElement(0x20, count: 2 * depth))
        }
        while index < compact.count {
            let byte = compact[index]
            index += 1
            if inString {
                output.append(byte)
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = true
                output.append(byte)
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                output.append(byte)
                if index < compact.count, compact[index] == UInt8(ascii: "}") || compact[index] == UInt8(ascii: "]") {
                    output.append(0x0A)
                    newLine()
                    output.append(compact[index])
                    index += 1
                } else {
                    depth += 1
                    newLine()
                }
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                newLine()
                output.append(byte)
            case UInt8(ascii: ","):
                output.append(byte)
                newLine()
            case UInt8(ascii: ":"):
                output.append(contentsOf: " : ".utf8)
            default:
                output.append(byte)
            }
        }
        return output
    }
}
