extension ParseJSONWriter {
    /// The intent Rasa's `FallbackClassifier` predicts for a message it is not sure of: an out
    /// of scope parse is written as this intent, so that a Rasa client's fallback handling works.
    static let rasaFallbackIntent = "nlu_fallback"

    /// Appends `parse` as Rasa NLU's `POST /model/parse` answers (Rasa 3):
    /// `{"text", "intent": {"name", "confidence"}, "entities": [{"entity", "start", "end",
    /// "confidence_entity", "value", "extractor"}], "intent_ranking": [{"name", "confidence"}]}`,
    /// and `message_id` when the request named one.
    ///
    /// The mapping: an entity is a slot (its `entity` the slot's name, as `intentkit import`
    /// maps a Rasa entity to a slot; offsets in Unicode scalars, as Python counts characters);
    /// its `value` the resolved value where there is one (a vocabulary value's identifier, as
    /// Rasa's synonym mapper replaces the text; a number; a date-time as ISO 8601 text) and the
    /// words as written otherwise, the full resolution in `additional_info` (as Rasa's Duckling
    /// extractor gives it). The ranking lists the intent first, then the runner-ups `parse`
    /// holds. An out-of-scope parse answers as Rasa's `FallbackClassifier` does: intent
    /// ``rasaFallbackIntent`` with the probability of none of the intents (one minus the
    /// likeliest intent's), first in a ranking that goes on with the likeliest intents, and no
    /// entities.
    package mutating func writeRasa(_ parse: IntentParse, messageID: String?) {
        append("{\"text\":")
        string(parse.text)
        let intent = parse.intent ?? Self.rasaFallbackIntent
        let confidence = ParseJSON.rounded(parse.intent == nil ? 1 - parse.confidence : parse.confidence)
        append(",\"intent\":")
        writeRasaIntent(intent, confidence: confidence)
        append(",\"entities\":[")
        for (index, slot) in parse.slots.enumerated() {
            if index > 0 { append(",") }
            writeRasaEntity(slot)
        }
        append("],\"intent_ranking\":[")
        writeRasaIntent(intent, confidence: confidence)
        for alternative in parse.alternatives {
            append(",")
            writeRasaIntent(alternative.intent, confidence: ParseJSON.rounded(alternative.confidence))
        }
        append("]")
        if let messageID {
            append(",\"message_id\":")
            string(messageID)
        }
        append("}")
    }

    private mutating func writeRasaIntent(_ name: String, confidence: Double) {
        append("{\"name\":")
        string(name)
        append(",\"confidence\":")
        number(confidence)
        append("}")
    }

    private mutating func writeRasaEntity(_ slot: ParsedSlot) {
        append("{\"entity\":")
        string(slot.name)
        append(",\"start\":")
        integer(slot.range.lowerBound)
        append(",\"end\":")
        integer(slot.range.upperBound)
        append(",\"confidence_entity\":")
        number(ParseJSON.rounded(slot.confidence))
        append(",\"value\":")
        var value = slot.value
        if case .approximate(let exact) = value { value = exact }
        switch value {
        case .custom(let identifier): string(identifier)
        case .number(let number), .percentage(let number), .amountOfMoney(let number, _), .duration(let number), .temperature(let number, _):
            self.number(number)
        case .ordinal(let number): integer(number)
        case .dateTime(let dateTime): string(dateTime.description)
        case .dateTimeInterval(let interval): string((interval.start ?? interval.end)?.description ?? slot.text)
        case .approximate, nil: string(slot.text)
        }
        append(",\"extractor\":\"IntentKit\"")
        if let resolved = slot.value {
            append(",\"additional_info\":")
            write(resolved)
        }
        append("}")
    }
}
