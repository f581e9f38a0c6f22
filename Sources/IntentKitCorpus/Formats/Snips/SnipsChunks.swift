/// Builds an utterance from Snips-style chunks: `[{"text": "add "}, {"text": "clem burke", "entity": "artist"}]`.
///
/// The text is the chunks concatenated; a chunk with a slot becomes a span, trimmed of the white
/// space some chunks carry at their edges.
enum SnipsChunks {
    static func utterance(_ data: JSONFileValue, intent: String, slotKey: String, location: SourceLocation?) throws
        -> (Utterance, entityOfSlot: [(String, String)]) {
        var text = ""
        var offset = 0
        var slots = [SlotAnnotation]()
        var entities = [(String, String)]()
        for chunk in try data.array() {
            guard let chunkText = try chunk["text"]?.string() else { throw chunk.failure("a chunk has no \"text\"") }
            let scalars = Array(chunkText.unicodeScalars)
            if let slot = try (chunk[slotKey] ?? chunk["entity"])?.string() {
                var lower = 0, upper = scalars.count
                while lower < upper, scalars[lower].properties.isWhitespace { lower += 1 }
                while upper > lower, scalars[upper - 1].properties.isWhitespace { upper -= 1 }
                if lower < upper {
                    slots.append(SlotAnnotation(name: slot, range: offset + lower..<offset + upper))
                    if let entity = try chunk["entity"]?.string() { entities.append((slot, entity)) }
                }
            }
            text += chunkText
            offset += scalars.count
        }
        return (Utterance(text: text, intent: intent, slots: slots, location: location), entities)
    }
}
