import Foundation
import Testing
@testable import IntentKit

@Suite("Response templates")
struct ResponseRendererTests {
    static let schema = Schema(
        domains: [Domain(name: "soup", intents: [
            IntentDefinition(
                name: "OrderSoup",
                parameters: [Parameter(name: "quantity", entity: .builtin(.number)), Parameter(name: "soup", entity: .custom("Soup")),
                             Parameter(name: "options", entity: .custom("Topping"), allowsMultipleValues: true)],
                responses: [ResponseTemplate(code: "success", isSuccess: true, text: "Your {quantity} {soup} will be ready in {waitTime}.", conciseText: "{waitTime}"),
                            ResponseTemplate(code: "withOptions", text: "{soup} with {options}, {price}.")],
                responseParameters: [Parameter(name: "waitTime", entity: .builtin(.duration)), Parameter(name: "price", entity: .builtin(.amountOfMoney))]),
        ])],
        entities: [Entity(name: "Soup", values: [EntityValue(identifier: "clamChowder", phrase: "clam chowder"),
                                                 EntityValue(identifier: "chili", phrase: "chili"), EntityValue(identifier: "goulash", phrase: "goulash")],
                          allowsOtherValues: false),
                   Entity(name: "Topping", values: [EntityValue(identifier: "croutons", phrase: "croutons"), EntityValue(identifier: "cheese", phrase: "cheese"),
                                                    EntityValue(identifier: "pepper", phrase: "red pepper")])])

    static func parse(_ values: [(String, SlotValue)]) -> IntentParse {
        var parse = IntentParse(text: "", intent: "OrderSoup", confidence: 1, alternatives: [], slots: [])
        parse.parameters = values.map { ResolvedParameter(name: $0.0, slot: nil, resolution: .success($0.1)) }
        return parse
    }

    @Test(arguments: [
        (1.0, "clamChowder", 600.0, "Your one clam chowder will be ready in ten minutes."),
        (3, "clamChowder", 3600, "Your three clam chowders will be ready in one hour."),
        (2, "chili", 5400, "Your two chilis will be ready in 90 minutes."),
        (20, "goulash", 90, "Your 20 goulashes will be ready in 90 seconds."),
    ])
    func numbersAndPluralsAgree(quantity: Double, soup: String, seconds: Double, expected: String) throws {
        let renderer = ResponseRenderer(schema: Self.schema)
        let parse = Self.parse([("quantity", .number(quantity)), ("soup", .custom(soup))])
        #expect(try renderer.render(for: parse, values: ["waitTime": .duration(seconds: seconds)]) == expected)
    }

    @Test func severalValuesAreAListAndMoneyHasItsSymbol() throws {
        let renderer = ResponseRenderer(schema: Self.schema)
        let parse = Self.parse([("soup", .custom("chili")), ("options", .custom("croutons")), ("options", .custom("cheese")), ("options", .custom("pepper"))])
        #expect(try renderer.render("withOptions", for: parse, values: ["price": .amountOfMoney(7.5, currency: "USD")])
                == "chili with croutons, cheese and red pepper, $7.50.")
        #expect(try renderer.render(for: Self.parse([]), values: ["waitTime": .duration(seconds: 120)], concise: true) == "two minutes")
    }

    @Test func whatCannotBeRenderedIsSaid() {
        let renderer = ResponseRenderer(schema: Self.schema)
        #expect(throws: ResponseRenderer.Failure.missing(.init(names: ["quantity", "waitTime"]))) {
            try renderer.render(for: Self.parse([("soup", .custom("chili"))]))
        }
        #expect(throws: ResponseRenderer.Failure.noTemplate(intent: "OrderSoup", code: "failure")) { try renderer.render("failure", for: Self.parse([])) }
        var outOfScope = Self.parse([])
        outOfScope.intent = nil
        #expect(throws: ResponseRenderer.Failure.noIntent) { try renderer.render(for: outOfScope) }
    }

    /// A given value fills what the parse lacks and never replaces what the user said; names of
    /// nothing, values a closed entity lacks and numbers too large to say are problems.
    @Test func givenValuesNeverReplaceParsedOnes() throws {
        let renderer = ResponseRenderer(schema: Self.schema)
        let parse = Self.parse([("quantity", .number(3)), ("soup", .custom("clamChowder"))])
        let (values, problems) = renderer.values(["soup": "goulash", "waitTime": "10 minutes"], for: "OrderSoup")
        #expect(problems.isEmpty)
        #expect(try renderer.render(for: parse, values: values) == "Your three clam chowders will be ready in ten minutes.")
        #expect(renderer.values(["soup": "gazpacho"], for: "OrderSoup").problems == ["soup: 'gazpacho' is not a value of 'Soup'"])
        #expect(renderer.values(["colour": "red"], for: "OrderSoup").problems == ["colour: 'OrderSoup' has no parameter or response parameter of that name"])
        let huge = String(repeating: "9", count: 400) + " minutes"
        #expect(renderer.values(["waitTime": huge], for: "OrderSoup").problems == ["waitTime: '\(huge.prefix(80))' is too large a number to say"])
        #expect(throws: ResponseRenderer.Failure.unsayable(names: ["price"])) {
            try renderer.render("withOptions", for: Self.parse([("soup", .custom("chili")), ("options", .custom("cheese"))]),
                                values: ["price": .amountOfMoney(1e300, currency: "USD")])
        }
    }

    @Test func pluralsFollowEnglishRules() {
        #expect(["clam chowder", "Tomato Soup", "peach", "berry", "day", "box", "person", "fish", "Child"].map(EnglishPlural.plural)
                == ["clam chowders", "Tomato Soups", "peaches", "berries", "days", "boxes", "people", "fish", "Children"])
    }

    @Test func aPluralOfAClosedEntitysValueResolvesToIt() {
        let resolver = EntityResolver(schema: Self.schema)
        let tokens = Tokenizer().tokenize("three clam chowders")
        #expect(resolver.resolve(tokens, tokens: 1..<3, entity: .custom("Soup")) == .custom("clamChowder"))
        #expect(resolver.resolve(Tokenizer().tokenize("goulashes"), tokens: 0..<1, entity: .custom("Soup")) == .custom("goulash"))
        #expect(resolver.resolve(Tokenizer().tokenize("soups"), tokens: 0..<1, entity: .custom("Soup")) == nil)
    }
}
