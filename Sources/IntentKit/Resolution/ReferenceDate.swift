import Foundation

/// Reads the reference moment that relative dates ("tomorrow") resolve against, and the dates of
/// a user's history, as the command line and the server take them: ISO 8601's
/// `YYYY-MM-DD`, `YYYY-MM-DDTHH:MM` and `YYYY-MM-DDTHH:MM:SS`, the last two optionally with an
/// offset (`Z`, `+01:00`); local time in a given zone otherwise.
///
/// Read by hand rather than with `DateFormatter`, which costs a formatter per call (a history of
/// ten thousand dates took seconds) and is lenient where a date should not be.
package enum ReferenceDate {
    /// The moment `text` names, in `zone` unless it gives an offset; `nil` for anything else
    /// (a five-digit year, a 30th of February, a 24th hour).
    package static func date(_ text: String, in zone: TimeZone) -> Date? {
        let bytes = Array(text.utf8)
        func number(_ start: Int, _ count: Int) -> Int? {
            guard start + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[start..<(start + count)] {
                let digit = byte &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                value = value * 10 + Int(digit)
            }
            return value
        }
        func byte(_ index: Int, is character: Unicode.Scalar) -> Bool { index < bytes.count && bytes[index] == UInt8(ascii: character) }
        guard let year = number(0, 4), byte(4, is: "-"), let month = number(5, 2), byte(7, is: "-"), let day = number(8, 2),
              (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day) else { return nil }
        var seconds = 0, position = 10
        var offset: Int?
        if position < bytes.count {
            guard byte(10, is: "T"), let hour = number(11, 2), byte(13, is: ":"), let minute = number(14, 2), hour < 24, minute < 60 else { return nil }
            seconds = hour * 3600 + minute * 60
            position = 16
            if byte(16, is: ":") {
                guard let second = number(17, 2), second < 60 else { return nil }
                seconds += second
                position = 19
            }
            if byte(position, is: "Z") {
                offset = 0
                position += 1
            } else if byte(position, is: "+") || byte(position, is: "-") {
                guard let hours = number(position + 1, 2), byte(position + 3, is: ":"), let minutes = number(position + 4, 2),
                      hours < 24, minutes < 60 else { return nil }
                offset = (byte(position, is: "-") ? -1 : 1) * (hours * 3600 + minutes * 60)
                position += 6
            }
        }
        guard position == bytes.count else { return nil }
        let local = TimeInterval(daysSinceEpoch(year: year, month: month, day: day) * 86_400 + seconds)
        if let offset { return Date(timeIntervalSince1970: local - TimeInterval(offset)) }
        // The zone's offset at the moment, found from the offset at the local reading (twice, for
        // a moment near a change of offset).
        var moment = local - TimeInterval(zone.secondsFromGMT(for: Date(timeIntervalSince1970: local)))
        moment = local - TimeInterval(zone.secondsFromGMT(for: Date(timeIntervalSince1970: moment)))
        return Date(timeIntervalSince1970: moment)
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar (H. Hinnant,
    /// "chrono-Compatible Low-Level Date Algorithms": eras of 400 years, years from March).
    private static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * ((month + 9) % 12) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
