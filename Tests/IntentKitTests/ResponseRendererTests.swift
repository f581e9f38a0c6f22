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

    /// A schema in `language` with the soup intent's templates and its values' phrases in it.
    static func schema(_ language: String, template: String, list: String, soups: [(String, String)], toppings: [(String, String)]) -> Schema {
        var schema = Self.schema
        schema.language = language
        schema.domains[0].intents[0].responses = [ResponseTemplate(code: "success", isSuccess: true, text: template),
                                                  ResponseTemplate(code: "withOptions", text: list)]
        schema.entities = [Entity(name: "Soup", values: soups.map { EntityValue(identifier: $0.0, phrase: $0.1) }, allowsOtherValues: false),
                           Entity(name: "Topping", values: toppings.map { EntityValue(identifier: $0.0, phrase: $0.1) })]
        return schema
    }

    /// French, German and Spanish say numbers, units, lists and money their way, and a noun after
    /// a number agrees by CLDR's plural rule ("one": French 0 and 1, German and Spanish 1).
    @Test(arguments: [
        ("fr", 3.0, 3600.0, "Votre commande de trois soupes à l'oignon sera prête dans une heure."),
        ("fr", 1, 600, "Votre commande de 1 soupe à l'oignon sera prête dans dix minutes."),
        ("fr", 0, 86_400, "Votre commande de zéro soupe à l'oignon sera prête dans un jour."),
        ("de", 2, 7200, "Ihre zwei Zwiebelsuppe sind in zwei Stunden fertig."),
        ("de", 1, 60, "Ihre 1 Zwiebelsuppe sind in 1 Minute fertig."),
        ("es", 4, 86_400, "Sus cuatro sopas de cebolla estarán listas en un día."),
        ("es", 2, 1200, "Sus dos sopas de cebolla estarán listas en 20 minutos."),
    ])
    func otherLanguagesSayValuesTheirWay(language: String, quantity: Double, seconds: Double, expected: String) throws {
        let templates = [
            "fr": ("Votre commande de {quantity} {soup} sera prête dans {waitTime}.", "soupe à l'oignon"),
            "de": ("Ihre {quantity} {soup} sind in {waitTime} fertig.", "Zwiebelsuppe"),
            "es": ("Sus {quantity} {soup} estarán listas en {waitTime}.", "sopa de cebolla"),
        ]
        let (template, onion) = try #require(templates[language])
        let schema = Self.schema(language, template: template, list: "", soups: [("onion", onion)], toppings: [])
        let parse = Self.parse([("quantity", .number(quantity)), ("soup", .custom("onion"))])
        #expect(try ResponseRenderer(schema: schema).render(for: parse, values: ["waitTime": .duration(seconds: seconds)]) == expected)
    }

    @Test func listsMoneyAndApproximateValuesInOtherLanguages() throws {
        let french = Self.schema("fr-CA", template: "", list: "{soup} avec {options}, {price}.", soups: [("onion", "soupe à l'oignon")],
                                 toppings: [("croutons", "croûtons"), ("cheese", "fromage")])
        let parse = Self.parse([("soup", .custom("onion")), ("options", .custom("croutons")), ("options", .custom("cheese"))])
        #expect(try ResponseRenderer(schema: french).render("withOptions", for: parse, values: ["price": .amountOfMoney(7.5, currency: "EUR")])
                == "soupe à l'oignon avec croûtons et fromage, 7,50 €.")
        let spanish = Self.schema("es", template: "", list: "{soup} con {options}, {price}.", soups: [("onion", "sopa de cebolla")],
                                  toppings: [("bread", "pan"), ("egg", "huevo"), ("ham", "jamón ibérico")])
        let withIberico = Self.parse([("soup", .custom("onion")), ("options", .custom("bread")), ("options", .custom("ham"))])
        #expect(try ResponseRenderer(schema: spanish).render("withOptions", for: withIberico, values: ["price": .amountOfMoney(12, currency: "USD")])
                == "sopa de cebolla con pan y jamón ibérico, 12 $.")
        // Spanish says "e" before the sound i.
        #expect(ResponseLanguage.spanish.list(["pan", "hielo", "higos"]) == "pan, hielo e higos")
        #expect(ResponseLanguage.german.spoken(12) == "zwölf" && ResponseLanguage.german.figure(2.5) == "2,5")
        #expect(ResponseLanguage.of("it").and == "and")  // a language without its own wording is said as English
    }

    @Test func pluralsFollowFrenchAndSpanishRules() {
        #expect(["soupe à l'oignon", "chaudrée de palourdes", "grande soupe", "gâteau", "cheval", "festival", "noix", "Bol"].map(RomancePlural.french)
                == ["soupes à l'oignon", "chaudrées de palourdes", "grandes soupes", "gâteaux", "chevaux", "festivals", "noix", "Bols"])
        #expect(["sopa de cebolla", "pan", "jamón", "lápiz", "café", "tortilla española", "lunes", "Canción"].map(RomancePlural.spanish)
                == ["sopas de cebolla", "panes", "jamones", "lápices", "cafés", "tortillas españolas", "lunes", "Canciones"])
    }

    @Test func aFrenchOrSpanishPluralOfAClosedEntitysValueResolvesToIt() {
        for (language, phrase, said) in [("fr", "chaudrée de palourdes", "trois chaudrées de palourdes"), ("es", "sopa de cebolla", "dos sopas de cebolla")] {
            let schema = Self.schema(language, template: "", list: "", soups: [("soup", phrase)], toppings: [])
            let tokens = Tokenizer().tokenize(said)
            #expect(EntityResolver(schema: schema).resolve(tokens, tokens: 1..<tokens.count, entity: .custom("Soup")) == .custom("soup"), "\(language)")
        }
    }

    @Test func aPluralOfAClosedEntitysValueResolvesToIt() {
        let resolver = EntityResolver(schema: Self.schema)
        let tokens = Tokenizer().tokenize("three clam chowders")
        #expect(resolver.resolve(tokens, tokens: 1..<3, entity: .custom("Soup")) == .custom("clamChowder"))
        #expect(resolver.resolve(Tokenizer().tokenize("goulashes"), tokens: 0..<1, entity: .custom("Soup")) == .custom("goulash"))
        #expect(resolver.resolve(Tokenizer().tokenize("soups"), tokens: 0..<1, entity: .custom("Soup")) == nil)
    }
}
