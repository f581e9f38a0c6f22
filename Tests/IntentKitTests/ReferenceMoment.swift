import Foundation

/// The moment the built-in entity tests resolve relative dates against: Sunday 22 November
/// 2026, 08:00, in a UTC Gregorian calendar.
enum ReferenceMoment {
    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()
    static let date = calendar.date(from: DateComponents(year: 2026, month: 11, day: 22, hour: 8))!
}
