import Foundation
import Logging

/// Records each answered request in the metrics and, when access logging is on, as one log
/// line (method, path, route, status, duration, bytes): for both ways a request is answered.
struct RequestRecorder: Sendable {
    let metrics: ServerMetrics
    let logging: Bool

    /// `route` is the route's pattern, which keeps the metrics' labels bounded whatever paths
    /// clients send.
    func record(method: String, path: Substring, route: String, status: Int, duration: Duration, bytes: Int?, logger: Logger) {
        // Methods are any token a client sends: the metrics name the standard ones only.
        let standard = switch method {
        case "GET", "POST", "PUT", "DELETE", "HEAD", "OPTIONS", "PATCH": true
        default: false
        }
        metrics.recordRequest(method: standard ? method : "other", route: route, status: status, duration: duration)
        guard logging else { return }
        let (seconds, attoseconds) = duration.components
        let milliseconds = Double(seconds) * 1e3 + Double(attoseconds) / 1e15
        logger.info("request", metadata: [
            "method": "\(method)",
            "path": "\(path.prefix(200))",
            "route": "\(route)",
            "status": "\(status)",
            "duration_ms": "\(String(format: "%.3f", milliseconds))",
            "bytes": "\(bytes.map(String.init) ?? "-")",
        ])
    }
}
