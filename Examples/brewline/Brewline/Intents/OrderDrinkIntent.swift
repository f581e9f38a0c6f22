import AppIntents

/// Orders drinks for pickup at the user's usual store.
struct OrderDrinkIntent: AppIntent {
    static var title: LocalizedStringResource = "Order a Drink"
    static var description = IntentDescription("Orders a drink for pickup at your usual store.")

    @Parameter(title: "Drink", requestValueDialog: "What would you like to drink?")
    var drink: Drink

    @Parameter(title: "Size", default: .medium)
    var size: DrinkSize

    @Parameter(title: "Quantity", default: 1, inclusiveRange: (1, 12))
    var quantity: Int

    @Parameter(title: "Milk")
    var milk: Milk?

    static var parameterSummary: some ParameterSummary {
        Summary("Order \(\.$quantity) \(\.$size) \(\.$drink)") {
            \.$milk
        }
    }

    func perform() async throws -> some IntentResult & ProvidesDialog {
        let order = try await OrderService.shared.place(drink: drink, size: size, quantity: quantity, milk: milk)
        return .result(dialog: "Your \(drink.rawValue) will be ready in \(order.minutes) minutes.")
    }
}

/// Orders again what the user orders most.
struct ReorderUsualIntent: AppIntent {
    static var title: LocalizedStringResource = "Reorder My Usual"
    static var description = IntentDescription("Orders the drink you have most often.")

    func perform() async throws -> some IntentResult & ProvidesDialog {
        let order = try await OrderService.shared.reorderUsual()
        return .result(dialog: "Your usual is on its way: ready in \(order.minutes) minutes.")
    }
}

struct CancelOrderIntent: AppIntent {
    static var title: LocalizedStringResource = "Cancel Order"
    static var description = IntentDescription("Cancels the order you placed last, if the store has not started it.")

    func perform() async throws -> some IntentResult {
        try await OrderService.shared.cancelLast()
        return .result()
    }
}

struct CheckOrderStatusIntent: AppIntent {
    static var title: LocalizedStringResource = "Check Order Status"
    static var description = IntentDescription("Tells you when your order will be ready.")

    func perform() async throws -> some IntentResult & ProvidesDialog {
        let minutes = try await OrderService.shared.minutesUntilReady()
        return .result(dialog: "Ready in \(minutes) minutes.")
    }
}
