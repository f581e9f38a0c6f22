import Foundation

/// The `Date` header's value (RFC 9110 §5.6.7), formatted once a second.
struct HTTPDateHeader {
    private var second = 0
    private var text = ""

    mutating func now() -> String {
        let current = time(nil)
        if current != second {
            second = current
            var parts = tm()
            var seconds = current
            gmtime_r(&seconds, &parts)
            var buffer = [CChar](repeating: 0, count: 40)
            let count = strftime(&buffer, buffer.count, "%a, %d %b %Y %H:%M:%S GMT", &parts)
            text = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        return text
    }
}
