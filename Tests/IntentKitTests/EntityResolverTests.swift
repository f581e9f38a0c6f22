import Foundation
import Testing
@testable import IntentKit

@Suite("Entity resolution")
struct EntityResolverTests {
    let resolver = EntityResolver(schema: Schema(entities: [
        Entity(name: "account", values: [
            EntityValue(identifier: "account.nestegg", phrase: "NestEgg", synonyms: ["savings"]),
            EntityValue(identifier: "account.cafe", phrase: "Café Fund"),
            EntityValue(identifier: "account.rainy", phrase: "Rainy Day", synonyms: ["savings"], pronunciation: "rain dee day"),
        ]),
    ]))

    private func resolve(_ text: String, _ entity: EntityReference = .custom("account")) -> SlotValue? {
        let tokens = Tokenizer().tokenize(text)
        return resolver.resolve(tokens, tokens: 0..<tokens.count, entity: entity)
    }

    @Test func ignoresCaseDiacriticsAndSpacing() {
        for text in ["NestEgg", "nest egg", "Nest  Egg", "NESTEGG", "nèst egg"] {
            #expect(resolve(text) == .custom("account.nestegg"), "\(text)")
        }
        #expect(resolve("cafe fund") == .custom("account.cafe"))
        #expect(resolve("savings") == .custom("account.nestegg"))
    }

    /// The model's values are a vocabulary as a user's terms are: a pronunciation hint finds
    /// its value, and a phrase two values share resolves to the first.
    @Test func pronunciationsResolveAndASharedPhraseGoesToTheFirstValue() {
        #expect(resolve("rain dee day") == .custom("account.rainy"))
        #expect(resolve("rainy day") == .custom("account.rainy"))
        #expect(resolve("savings") == .custom("account.nestegg"))
    }

    @Test func unknownValuesAndEntitiesDoNotResolve() {
        #expect(resolve("rainy days") == nil)
        #expect(resolve("NestEgg", .custom("contact")) == nil)
    }

    @Test func builtInEntitiesGoThroughTheirGrammar() {
        #expect(resolve("eighty five", .builtin(.number)) == .number(85))
    }

    @Test func resolvesOnlyTheGivenTokens() {
        let tokens = Tokenizer().tokenize("move 20 dollars to my nest egg")
        #expect(resolver.resolve(tokens, tokens: 5..<7, entity: .custom("account")) == .custom("account.nestegg"))
        #expect(resolver.resolve(tokens, tokens: 1..<3, entity: .builtin(.amountOfMoney)) == .amountOfMoney(20, currency: "USD"))
    }
}
