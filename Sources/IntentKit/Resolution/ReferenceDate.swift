import Foundation

/// Reads the reference moment that relative dates ("tomorrow") resolve against, as the command
/// line and the server take it.
package enum ReferenceDate {
    /// The forms a moment is written in, most specific first: with an offset (`Z`, `+01:00`),
    /// then local time in a time zone given beside it.
    static let formats = ["yyyy-MM-dd'T'HH:mm:ssXXXXX", "yyyy-MM-dd'T'HH:mmXXXXX", "yyyy-MM-dd'T'HH:mm:ss", "yyyy-MM-dd'T'HH:mm", "yyyy-MM-dd"]

    /// `text` in the first of `formats` (`DateFormatter` patterns, POSIX locale) that reads
    /// it, in `zone` unless the pattern reads an offset.
    package static func date(_ text: String, formats: [String] = formats, in zone: TimeZone) -> Date? {
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
