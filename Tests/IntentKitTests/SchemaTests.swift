import Testing
import IntentKit

@Suite("Schema")
struct SchemaTests {
    @Test func parsesBuiltinAndCustomEntityNames() {
        #expect(EntityReference(name: "builtin.amountOfMoney") == .builtin(.amountOfMoney))
        #expect(EntityReference(name: "contact") == .custom("contact"))
        // An unknown built-in stays custom so validation can name it.
        #expect(EntityReference(name: "builtin.money") == .custom("builtin.money"))
        #expect(BuiltinEntity.allCases.allSatisfy { EntityReference(name: $0.qualifiedName).name == $0.qualifiedName })
    }

    @Test func findsIntentsAndEntitiesByName() {
        let schema = Schema(
            domains: [Domain(name: "payments", intents: [IntentDefinition(name: "SendPayment", parameters: [
                Parameter(name: "payee", entity: .custom("contact"), isRequired: true, prompt: "Who do you want to pay?"),
            ])])],
            entities: [Entity(name: "contact", values: [EntityValue(phrase: "Buttercup")])])
        #expect(schema.intent(named: "SendPayment")?.parameter(named: "payee")?.isRequired == true)
        #expect(schema.intent(named: "Missing") == nil)
        #expect(schema.entity(named: "contact")?.values.first?.identifier == "Buttercup")
        #expect(EntityValue(phrase: "SparkleCar", synonyms: ["sparkle ride"]).allPhrases == ["SparkleCar", "sparkle ride"])
    }
}
