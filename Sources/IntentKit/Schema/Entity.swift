/// A custom entity type: the list of values a parameter can take ("payment app": Unicorn Pay,
/// …).
public struct Entity: Hashable, Sendable, Codable {
    /// The name parameters use to refer to the entity.
    public var name: String
    /// The known values, in priority order.
    public var values: [EntityValue]
    /// Whether values outside ``values`` are acceptable (contact names: yes; car models: maybe not).
    public var allowsOtherValues: Bool

    /// Creates an entity.
    public init(name: String, values: [EntityValue] = [], allowsOtherValues: Bool = true) {
        self.name = name
        self.values = values
        self.allowsOtherValues = allowsOtherValues
    }
}
