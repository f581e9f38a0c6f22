import Foundation

/// The inline annotation syntax of utterances: `send [Buttercup](payee) [85 bucks](amount)`.
///
/// - `[text](slot)` marks `text` as the slot `slot`;
/// - `[text](slot: value)` also gives the canonical value (`[nest egg](account: NestEgg)`);
/// - in the Rasa dialect, `[text]{"entity": "slot", "value": "value"}` as well, a `role` and a
///   `group` becoming part of the slot name (`city.departure`, ``RasaEntityName``);
/// - `\[`, `\]`, `\(`, `\)` and `\\` stand for the characters themselves.
///
/// Offsets of parse errors are in Unicode scalars from the start of the annotated string.
public enum AnnotatedText {
    /// A parse failure at a scalar offset of the annotated string.
    public struct SyntaxError: Error, Hashable, Sendable {
        public var offset: Int
        public var message: String
    }

    /// Parses `annotated` into plain text and slot annotations.
    public static func parse(_ annotated: String, allowJSONAttributes: Bool = false) throws(SyntaxError) -> (text: String, slots: [SlotAnnotation]) {
        var ignored = [(offset: Int, attribute: String)]()
        let (text, slots) = try parse(annotated, allowJSONAttributes: allowJSONAttributes, ignored: &ignored)
        return (text, slots)
    }

    /// Parses `annotated`, adding to `ignored` each JSON attribute IntentKit has no place for
    /// with the scalar offset of its annotation.
    static func parse(
        _ annotated: String, allowJSONAttributes: Bool, ignored: inout [(offset: Int, attribute: String)]
    ) throws(SyntaxError) -> (text: String, slots: [SlotAnnotation]) {
        let scalars = Array(annotated.unicodeScalars)
        var text = String.UnicodeScalarView()
        var slots = [SlotAnnotation]()
        var index = 0
        var spanStart: (offset: Int, textOffset: Int)?
        var textCount = 0

        while index < scalars.count {
            let scalar = scalars[index]
            switch scalar {
            case "\\" where index + 1 < scalars.count && "[]()\\{}".unicodeScalars.contains(scalars[index + 1]):
                text.append(scalars[index + 1])
                textCount += 1
                index += 2
            case "[":
                if spanStart != nil {
                    throw SyntaxError(offset: index, message: "'[' inside another annotation; annotations cannot nest (escape it as '\\[')")
                }
                spanStart = (index, textCount)
                index += 1
            case "]":
                guard let open = spanStart else {
                    throw SyntaxError(offset: index, message: "']' without a matching '['; escape it as '\\]'")
                }
                spanStart = nil
                index += 1
                let (name, value, next, dropped) = try parseLabel(scalars, from: index, allowJSON: allowJSONAttributes, openedAt: open.offset)
                ignored += dropped.map { (index, $0) }
                index = next
                if open.textOffset == textCount {
                    throw SyntaxError(offset: open.offset, message: "empty annotation for slot '\(name)'")
                }
                slots.append(SlotAnnotation(name: name, range: open.textOffset..<textCount, value: value))
            default:
                text.append(scalar)
                textCount += 1
                index += 1
            }
        }
        if let open = spanStart {
            throw SyntaxError(offset: open.offset, message: "'[' is never closed; write [text](slot) or escape it as '\\['")
        }
        return (String(text), slots)
    }

    /// Parses `(slot)`, `(slot: value)` or, in the Rasa dialect, `{"entity": …}` after a `]`.
    private static func parseLabel(
        _ scalars: [Unicode.Scalar], from start: Int, allowJSON: Bool, openedAt open: Int
    ) throws(SyntaxError) -> (String, String?, Int, dropped: [String]) {
        guard start < scalars.count, scalars[start] == "(" || (allowJSON && scalars[start] == "{") else {
            throw SyntaxError(offset: start, message: "expected '(slot)' right after ']' to name the annotated slot")
        }
        if scalars[start] == "{" {
            return try parseJSONLabel(scalars, from: start)
        }
        // The label's scalars, each marked when it was escaped: only an unescaped ':' separates
        // the slot name from its value, so a name like `object:type` is written `object\:type`.
        var label = [(scalar: Unicode.Scalar, escaped: Bool)]()
        var index = start + 1
        while index < scalars.count, scalars[index] != ")" {
            var escaped = false
            if scalars[index] == "\\", index + 1 < scalars.count {
                index += 1
                escaped = true
            } else if scalars[index] == "(" || scalars[index] == "[" {
                throw SyntaxError(offset: index, message: "'\(scalars[index])' inside a slot label; escape it with '\\'")
            }
            label.append((scalars[index], escaped))
            index += 1
        }
        guard index < scalars.count else {
            throw SyntaxError(offset: start, message: "'(' of the slot label is never closed")
        }
        func text(_ part: ArraySlice<(scalar: Unicode.Scalar, escaped: Bool)>) -> String {
            // Unescaped white space at the edges is layout (`(amount: 85)`), escaped is content.
            var part = part
            while let first = part.first, !first.escaped, first.scalar.properties.isWhitespace { part.removeFirst() }
            while let last = part.last, !last.escaped, last.scalar.properties.isWhitespace { part.removeLast() }
            var view = String.UnicodeScalarView()
            view.append(contentsOf: part.map(\.scalar))
            return String(view)
        }
        let name: String
        var value: String?
        if let colon = label.firstIndex(where: { $0.scalar == ":" && !$0.escaped }) {
            name = text(label[..<colon])
            value = text(label[(colon + 1)...])
            if value?.isEmpty == true { value = nil }
        } else {
            name = text(label[...])
        }
        guard !name.isEmpty else {
            throw SyntaxError(offset: start, message: "empty slot name")
        }
        return (name, value, index + 1, [])
    }

    private static func parseJSONLabel(_ scalars: [Unicode.Scalar], from start: Int) throws(SyntaxError) -> (String, String?, Int, dropped: [String]) {
        var depth = 0
        var index = start
        var inString = false
        while index < scalars.count {
            let scalar = scalars[index]
            if inString {
                if scalar == "\\" { index += 1 } else if scalar == "\"" { inString = false }
            } else if scalar == "\"" {
                inString = true
            } else if scalar == "{" {
                depth += 1
            } else if scalar == "}" {
                depth -= 1
                if depth == 0 { break }
            }
            index += 1
        }
        guard index < scalars.count else {
            throw SyntaxError(offset: start, message: "'{' of the entity attributes is never closed")
        }
        var json = String.UnicodeScalarView()
        json.append(contentsOf: scalars[start...index])
        guard let object = try? JSONSerialization.jsonObject(with: Data(String(json).utf8)) as? [String: Any],
              let entity = object["entity"] as? String, !entity.isEmpty else {
            throw SyntaxError(offset: start, message: "entity attributes must be a JSON object with a string \"entity\"")
        }
        let value = object["value"].map { "\($0)" }
        let name = RasaEntityName.slotName(entity: entity, role: object["role"].map { "\($0)" }, group: object["group"].map { "\($0)" })
        return (name, value, index + 1, object.keys.filter { !["entity", "value", "role", "group"].contains($0) }.sorted())
    }

    /// Writes `text` with `slots` in the inline syntax; the inverse of ``parse(_:allowJSONAttributes:)``.
    /// Slots must not overlap.
    /// With `jsonValues` (the Rasa dialect), a slot with a value is written
    /// `[text]{"entity": "slot", "value": "value"}` instead of `[text](slot: value)`.
    public static func render(_ text: String, slots: [SlotAnnotation], jsonValues: Bool = false) -> String {
        let scalars = Array(text.unicodeScalars)
        var output = String.UnicodeScalarView()
        func appendEscaped<S: Sequence>(_ part: S, special: String) where S.Element == Unicode.Scalar {
            for scalar in part {
                if special.unicodeScalars.contains(scalar) { output.append("\\") }
                output.append(scalar)
            }
        }
        // A label part with its white space at the edges escaped, so it is kept on reading.
        func appendLabelPart(_ part: String, special: String) {
            let scalars = Array(part.unicodeScalars)
            let first = scalars.firstIndex { !$0.properties.isWhitespace } ?? scalars.count
            let last = scalars.lastIndex { !$0.properties.isWhitespace } ?? -1
            for (index, scalar) in scalars.enumerated() {
                if special.unicodeScalars.contains(scalar) || index < first || index > last { output.append("\\") }
                output.append(scalar)
            }
        }
        var position = 0
        for slot in slots.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
            let range = slot.range.clamped(to: position..<scalars.count)
            appendEscaped(scalars[position..<range.lowerBound], special: "[]\\")
            output.append("[")
            appendEscaped(scalars[range], special: "[]\\")
            let parts = RasaEntityName.parts(of: slot.name)
            if jsonValues, slot.value != nil || parts.role != nil || parts.group != nil {
                output.append("]")
                var attributes = "{\"entity\": \(JSONText.quoted(parts.entity))"
                if let role = parts.role { attributes += ", \"role\": \(JSONText.quoted(role))" }
                if let group = parts.group { attributes += ", \"group\": \(JSONText.quoted(group))" }
                if let value = slot.value { attributes += ", \"value\": \(JSONText.quoted(value))" }
                output.append(contentsOf: (attributes + "}").unicodeScalars)
            } else {
                output.append(contentsOf: "](".unicodeScalars)
                appendLabelPart(slot.name, special: "()[\\:")
                if let value = slot.value {
                    output.append(contentsOf: ": ".unicodeScalars)
                    appendLabelPart(value, special: "()[\\")
                }
                output.append(")")
            }
            position = range.upperBound
        }
        appendEscaped(scalars[position...], special: "[]\\")
        return String(output)
    }
}
