import Foundation

/// The secret `POST /admin/reload` requires, compared in time that does not depend on where a
/// guess first differs (so timing cannot reveal it byte by byte).
struct AdminToken: Sendable {
    private let bytes: [UInt8]

    init(_ token: String) {
        bytes = Array(token.utf8)
    }

    /// Whether an `Authorization` header's value is `Bearer TOKEN`.
    func accepts(authorization: String?) -> Bool {
        guard let authorization, authorization.hasPrefix("Bearer ") else { return false }
        return matches(Array(authorization.utf8.dropFirst(7)))
    }

    func matches(_ candidate: [UInt8]) -> Bool {
        // Every byte of the longer of the two is visited; the length difference counts as a mismatch.
        var difference = UInt8(truncatingIfNeeded: candidate.count ^ bytes.count) | UInt8(truncatingIfNeeded: (candidate.count ^ bytes.count) >> 8)
        for index in 0..<max(candidate.count, bytes.count) {
            let a = index < candidate.count ? candidate[index] : 0
            let b = index < bytes.count ? bytes[index] : 0
            difference |= a ^ b
        }
        return difference == 0 && candidate.count == bytes.count
    }
}
