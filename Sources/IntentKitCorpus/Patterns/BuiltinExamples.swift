import IntentKit

/// Values of the built-in entities that pattern expansion puts in a built-in parameter's place:
/// several shapes each (digits and words, units and currencies, relative and absolute dates),
/// every one of them a whole match of the built-in grammars (tested).
enum BuiltinExamples {
    static func examples(of entity: BuiltinEntity) -> [String] {
        switch entity {
        case .number: ["one", "two", "three", "4", "5", "a dozen", "twenty", "2", "ten", "1.5"]
        case .ordinal: ["first", "second", "third", "4th", "fifth", "2nd", "tenth"]
        case .amountOfMoney: ["$5", "10 dollars", "twenty bucks", "€15", "3 euros", "$2.50", "fifty dollars", "£8"]
        case .dateTime: ["tomorrow", "tonight at 7", "next friday", "at noon", "on monday morning", "at 6:30 pm", "this evening",
                         "on june 3rd", "in two hours", "at 8 am tomorrow"]
        case .duration: ["10 minutes", "an hour", "two weeks", "30 seconds", "3 days", "half an hour", "a month", "90 minutes"]
        case .percentage: ["20%", "fifty percent", "5 percent", "75%"]
        case .temperature: ["70 degrees", "21 degrees celsius", "65 fahrenheit", "twenty degrees", "100°F"]
        }
    }
}
