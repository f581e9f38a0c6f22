import AppIntents

/// Finds the nearest store open at a given time.
struct FindStoreIntent: AppIntent {
    static var title: LocalizedStringResource = "Find a Store"
    static var description = IntentDescription("Finds the nearest store that is open.")

    @Parameter(title: "Open At")
    var time: Date?

    static var parameterSummary: some ParameterSummary {
        Summary("Find a store open at \(\.$time)")
    }

    func perform() async throws -> some IntentResult & ProvidesDialog {
        let store = try await StoreLocator.shared.nearest(openAt: time ?? .now)
        return .result(dialog: "\(store.name) is \(store.distance) away.")
    }
}

/// Leaves the barista a tip on the last order.
struct TipBaristaIntent: AppIntent {
    static var title: LocalizedStringResource = "Tip the Barista"

    @Parameter(title: "Amount", requestValueDialog: IntentDialog("How much would you like to tip?"))
    var amount: IntentCurrencyAmount

    static var parameterSummary: some ParameterSummary {
        Summary("Tip \(\.$amount)")
    }

    func perform() async throws -> some IntentResult {
        try await OrderService.shared.tip(amount)
        return .result()
    }
}

/// Turns ordering ahead on or off.
struct SetMobileOrderingIntent: AppIntent {
    static var title: LocalizedStringResource = "Set Mobile Ordering"

    @Parameter(title: "Enabled")
    var enabled: Bool

    static var parameterSummary: some ParameterSummary {
        Summary("Turn mobile ordering \(\.$enabled)")
    }

    func perform() async throws -> some IntentResult {
        Settings.shared.mobileOrdering = enabled
        return .result()
    }
}

/// Shows the user's loyalty points.
struct CheckRewardsIntent: AppIntent {
    static var title: LocalizedStringResource = "Check Reward Points"
    static var description = IntentDescription("Shows how many reward points you have.")

    func perform() async throws -> some IntentResult & ProvidesDialog {
        .result(dialog: "You have \(Rewards.shared.points) points.")
    }
}

/// Configures the store shown by the widget: not something a person asks for.
struct StoreWidgetConfiguration: WidgetConfigurationIntent {
    static var title: LocalizedStringResource = "Store"
}
