/// A combination of an intent's parameters that makes a shortcut on its own, with the title a
/// person sees for it: `[soup, quantity]`, "Order {quantity} {soup}". Modelled on a SiriKit custom
/// intent's parameter combinations.
public struct ShortcutType: Hashable, Sendable, Codable {
    /// The parameters the shortcut carries, by name.
    public var parameters: [String]
    /// The title, with `{parameter}` placeholders.
    public var title: String
    /// A line under the title, if any.
    public var subtitle: String?

    /// Creates a shortcut type.
    public init(parameters: [String], title: String, subtitle: String? = nil) {
        self.parameters = parameters
        self.title = title
        self.subtitle = subtitle
    }
}
