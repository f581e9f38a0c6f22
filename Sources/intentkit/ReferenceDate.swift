import Foundation

/// Reads the reference moment a command resolves relative dates against ("tomorrow").
enum ReferenceDate {
    /// `text` in the first of `formats` (`DateFormatter` patterns, POSIX locale) that reads
    /// it, in `zone` unless the pattern reads an offset.
    static func date(_ text: String, formats: [String], in zone: TimeZone) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone
        for format in formats {
            formatter.dateFormat = format
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }
}
