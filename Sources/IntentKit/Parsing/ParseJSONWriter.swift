/// Writes a parse as one line of compact JSON straight into a byte buffer: no intermediate
/// values, no dictionary of keys, no sorting at run time (the keys are written in their sorted
/// order). The one writer of a parse's JSON: `intentkit parse`, the C API and the server answer
/// with its printed form (``ParseJSON``: confidences to four decimals, alternatives and
/// parameters when asked for); its exact form (``writeExact(_:)``) is every field at full
/// precision, byte for byte what the `Codable` conformance of ``IntentParse`` gives
/// `JSONEncoder` (sorted keys, slashes unescaped), and what it decodes back to the same parse.
/// Writing JSON through `JSONEncoder` cost more than the parse itself.
package struct ParseJSONWriter {
    /// The bytes written so far.
    package var bytes: [UInt8] = []
    /// Whether confidences are written to four decimals (the printed form), or in full.
    private var rounds = true

    package init() { bytes.reserveCapacity(512) }

    /// Appends `parse` in its exact form: every field, confidences in full, alternatives and
    /// parameters always, and each parameter's slot (`slot`, beside the `text` the printed form
    /// has), so that it decodes to the same parse.
    package mutating func writeExact(_ parse: IntentParse) {
        rounds = false
        defer { rounds = true }
        write(parse, topK: .max, resolve: true)
    }

    /// A confidence, as the form being written has it.
    private mutating func confidence(_ value: Double) {
        number(rounds ? ParseJSON.rounded(value) : value)
    }

    /// Appends `parse` as ``ParseJSON`` would encode it with `topK`, `resolve` and `response`.
    package mutating func write(_ parse: IntentParse, topK: Int, resolve: Bool, response: ParseJSON.RenderedResponse? = nil) {
        // Keys in sorted order: alternatives, confidence, intent, outOfScope, parameters, response,
        // responseProblem, shortcut, slots, text.
        append("{")
        if !rounds || ParseJSON.showsAlternatives(of: parse, topK: topK) { write(alternatives: parse.alternatives) }
        append("\"confidence\":")
        confidence(parse.confidence)
        if let intent = parse.intent {
            append(",\"intent\":")
            string(intent)
        }
        append(parse.isOutOfScope ? ",\"outOfScope\":true" : ",\"outOfScope\":false")
        if resolve {
            append(",\"parameters\":[")
            for (index, parameter) in parse.parameters.enumerated() {
                if index > 0 { append(",") }
                write(parameter)
            }
            append("]")
        }
        switch response {
        case .text(let text)?:
            append(",\"response\":")
            string(text)
        case .problem(let problem)?:
            append(",\"responseProblem\":")
            string(problem)
        case nil:
            break
        }
        if let shortcut = parse.shortcut {
            append(",\"shortcut\":")
            string(shortcut)
        }
        append(",\"slots\":[")
        for (index, slot) in parse.slots.enumerated() {
            if index > 0 { append(",") }
            write(slot)
        }
        append("],\"text\":")
        string(parse.text)
        append("}")
    }

    /// The alternatives array and the comma after it.
    private mutating func write(alternatives: [IntentCandidate]) {
        append("\"alternatives\":[")
        for (index, alternative) in alternatives.enumerated() {
            if index > 0 { append(",") }
            append("{\"confidence\":")
            confidence(alternative.confidence)
            append(",\"intent\":")
            string(alternative.intent)
            append("}")
        }
        append("],")
    }

    /// A slot: confidence, end, name, start, text, value.
    private mutating func write(_ slot: ParsedSlot) {
        append("{\"confidence\":")
        confidence(slot.confidence)
        append(",\"end\":")
        integer(slot.range.upperBound)
        append(",\"name\":")
        string(slot.name)
        append(",\"start\":")
        integer(slot.range.lowerBound)
        append(",\"text\":")
        string(slot.text)
        append(",\"value\":")
        if let value = slot.value { write(value) } else { append("null") }
        append("}")
    }

    /// A resolved parameter: candidates, name, outcome, prompt, reason, slot (the exact form's),
    /// text, value, the absent ones left out.
    private mutating func write(_ parameter: ResolvedParameter) {
        append("{")
        if case .disambiguation(let candidates) = parameter.resolution {
            append("\"candidates\":[")
            for (index, candidate) in candidates.enumerated() {
                if index > 0 { append(",") }
                append("{\"id\":")
                string(candidate.identifier)
                append(",\"phrase\":")
                string(candidate.phrase)
                append("}")
            }
            append("],")
        }
        append("\"name\":")
        string(parameter.name)
        append(",\"outcome\":")
        string(parameter.resolution.outcome)
        switch parameter.resolution {
        case .needsValue(let prompt?):
            append(",\"prompt\":")
            string(prompt)
        case .unsupported(let reason):
            append(",\"reason\":")
            string(reason)
        default: break
        }
        if !rounds, let slot = parameter.slot {
            append(",\"slot\":")
            write(slot)
        }
        if let text = parameter.slot?.text {
            append(",\"text\":")
            string(text)
        }
        switch parameter.resolution {
        case .success(let value), .confirmationRequired(let value):
            append(",\"value\":")
            write(value)
        default: break
        }
        append("}")
    }

    /// A slot value: from, grain, kind, precision, to, unit, value, the absent ones left out.
    mutating func write(_ value: SlotValue) {
        append("{")
        var value = value, isApproximate = false
        if case .approximate(let exact) = value {
            value = exact
            isApproximate = true
        }
        func precision() {
            if isApproximate { append(",\"precision\":\"approximate\"") }
        }
        switch value {
        case .dateTimeInterval(let interval):
            if let start = interval.start {
                append("\"from\":")
                string(start.description)
                append(",")
            }
            append("\"grain\":")
            string(interval.grain.rawValue)
            append(",\"kind\":")
            string(value.kind)
            precision()
            if let end = interval.end {
                append(",\"to\":")
                string(end.description)
            }
        case .dateTime(let dateTime):
            append("\"grain\":")
            string(dateTime.grain.rawValue)
            append(",\"kind\":")
            string(value.kind)
            precision()
            append(",\"value\":")
            string(dateTime.description)
        default:
            append("\"kind\":")
            string(value.kind)
            precision()
        }
        writeMagnitude(of: value)
        append("}")
    }

    /// The unit and value of a value other than a date: the keys after kind and precision.
    private mutating func writeMagnitude(of value: SlotValue) {
        switch value {
        case .custom(let identifier):
            append(",\"value\":")
            string(identifier)
        case .number(let number), .percentage(let number):
            append(",\"value\":")
            self.number(number)
        case .ordinal(let number):
            append(",\"value\":")
            self.number(Double(number))
        case .amountOfMoney(let amount, let currency):
            append(",\"unit\":")
            string(currency)
            append(",\"value\":")
            number(amount)
        case .duration(let seconds):
            append(",\"unit\":\"second\",\"value\":")
            number(seconds)
        case .temperature(let degrees, let unit):
            if let unit {
                append(",\"unit\":")
                string(unit)
            }
            append(",\"value\":")
            number(degrees)
        case .dateTime, .dateTimeInterval, .approximate: break
        }
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    package mutating func append(_ literal: StaticString) {
        literal.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    package mutating func integer(_ value: Int) {
        if value >= 0 && value < 10 {
            bytes.append(UInt8(ascii: "0") + UInt8(value))
        } else {
            bytes.append(contentsOf: String(value).utf8)
        }
    }

    /// As `JSONEncoder` writes a `Double`: its shortest round-trip description, without a
    /// trailing ".0". Whole numbers below 10¹⁵ (whose description is the digits and ".0") are
    /// written as integers directly, and so are the digits of a number between 0 and 1 with at
    /// most four decimals (every confidence, ``ParseJSON/rounded(_:)``): only one decimal of at
    /// most four places lies within an ulp of it, so those digits are its shortest description.
    mutating func number(_ value: Double) {
        if value == value.rounded(.towardZero) && abs(value) < 1e15 && !(value == 0 && value.sign == .minus) {
            integer(Int(value))
            return
        }
        if value > 0 && value < 1, case let scaled = (value * 10_000).rounded(), scaled / 10_000 == value {
            var digits = Int(scaled), places = 4
            while digits % 10 == 0 {
                digits /= 10
                places -= 1
            }
            append("0.")
            var divisor = 1
            for _ in 1..<places { divisor *= 10 }
            while divisor > 0 {
                bytes.append(UInt8(ascii: "0") + UInt8(digits / divisor % 10))
                divisor /= 10
            }
            return
        }
        var description = value.description
        if description.hasSuffix(".0") { description.removeLast(2) }
        bytes.append(contentsOf: description.utf8)
    }

    /// A JSON string as `JSONEncoder` escapes it: `"` and `\` with a backslash, the control
    /// characters below U+0020 as `\b`, `\t`, `\n`, `\f`, `\r` or `\u00xx`, everything else as
    /// its UTF-8 bytes.
    package mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            var start = 0
            for (index, byte) in utf8.enumerated() where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                start = index + 1
                switch byte {
                case UInt8(ascii: "\""): append("\\\"")
                case UInt8(ascii: "\\"): append("\\\\")
                case 0x08: append("\\b")
                case 0x09: append("\\t")
                case 0x0A: append("\\n")
                case 0x0C: append("\\f")
                case 0x0D: append("\\r")
                default:
                    append("\\u00")
                    bytes.append(Self.hexDigits[Int(byte >> 4)])
                    bytes.append(Self.hexDigits[Int(byte & 0xF)])
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
