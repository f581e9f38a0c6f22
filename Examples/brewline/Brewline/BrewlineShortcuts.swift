import AppIntents

struct BrewlineShortcuts: AppShortcutsProvider {
    static var appShortcuts: [AppShortcut] {
        AppShortcut(
            intent: OrderDrinkIntent(),
            phrases: [
                "Order a \(\.$drink) in \(.applicationName)",
                "Get me a \(\.$drink) from \(.applicationName)",
                "\(.applicationName) order a \(\.$drink)",
                "Buy a \(\.$drink) with \(.applicationName)",
            ],
            shortTitle: "Order a Drink",
            systemImageName: "cup.and.saucer"
        )
        AppShortcut(
            intent: ReorderUsualIntent(),
            phrases: ["Get my usual from \(.applicationName)", "Order my usual in \(.applicationName)"],
            shortTitle: "My Usual",
            systemImageName: "arrow.clockwise"
        )
        AppShortcut(
            intent: CheckOrderStatusIntent(),
            phrases: ["Is my \(.applicationName) order ready", "Where is my \(.applicationName) order"],
            shortTitle: "Order Status",
            systemImageName: "clock"
        )
        AppShortcut(
            intent: CheckRewardsIntent(),
            phrases: ["How many \(.applicationName) points do I have", "Check my \(.applicationName) rewards"],
            shortTitle: "Rewards",
            systemImageName: "star"
        )
    }
}
