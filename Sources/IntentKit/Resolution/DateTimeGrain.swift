/// How precisely a date or time was said, from a second to a year.
public enum DateTimeGrain: String, CaseIterable, Codable, Comparable, Sendable {
    case second, minute, hour, day, week, month, quarter, year

    public static func < (a: DateTimeGrain, b: DateTimeGrain) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}
