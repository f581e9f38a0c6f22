import Foundation
import NIOConcurrencyHelpers
import Prometheus

/// The service's Prometheus metrics (`GET /metrics`, text format 0.0.4), in a registry of its
/// own: several servers in one process (tests) never share counts.
final class ServerMetrics: Sendable {
    let registry = PrometheusCollectorRegistry()
    private let inFlight: Gauge
    private let parses: Counter
    private let outOfScope: Counter
    private let utterancesPerBatch: ValueHistogram
    private let vocabularyCacheEntries: Gauge
    private let modelGeneration: Gauge
    private let modelLoadedAt: Gauge

    /// Request latency buckets: a parse takes tens of microseconds, one with a sentence encoder
    /// a few milliseconds, a large batch up to seconds.
    private static let durationBuckets: [Duration] = [
        .microseconds(100), .microseconds(250), .microseconds(500), .milliseconds(1), .milliseconds(2.5), .milliseconds(5),
        .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500),
        .seconds(1), .seconds(2.5), .seconds(5), .seconds(10),
    ]

    private static var requests: MetricNameDescriptor { name("http_requests", unit: "total", help: "Requests answered, by method, route and status.") }
    private static var requestDuration: MetricNameDescriptor { name("http_request_duration", unit: "seconds", help: "Time from request to response, by route.") }
    private static var reloads: MetricNameDescriptor { name("model_reloads", unit: "total", help: "Model reloads (SIGHUP or POST /admin/reload), by outcome.") }

    /// `intentkit_NAME_UNIT`.
    private static func name(_ name: String, unit: String = "", help: String) -> MetricNameDescriptor {
        MetricNameDescriptor(namespace: "intentkit", metricName: name, unitName: unit, helpText: help)
    }

    init() {
        inFlight = registry.makeGauge(descriptor: Self.name("http_requests_in_flight", help: "Requests being handled now."))
        parses = registry.makeCounter(descriptor: Self.name("parses", unit: "total", help: "Utterances parsed, batches included."))
        outOfScope = registry.makeCounter(descriptor: Self.name("out_of_scope", unit: "total", help: "Utterances answered out of scope."))
        utterancesPerBatch = registry.makeValueHistogram(
            descriptor: Self.name("batch_utterances", help: "Utterances per POST /parse/batch."), buckets: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000])
        vocabularyCacheEntries = registry.makeGauge(descriptor: Self.name("vocabulary_cache_entries", help: "User vocabularies cached under a key."))
        modelGeneration = registry.makeGauge(descriptor: Self.name("model_generation", help: "1 for the model read at start, one more per reload."))
        modelLoadedAt = registry.makeGauge(descriptor: Self.name("model_loaded_timestamp", unit: "seconds", help: "When the model in service was read (Unix time)."))
    }

    /// Counts a finished request by its route (the pattern, not the path: bounded cardinality)
    /// and status, and its latency by route.
    func recordRequest(method: String, route: String, status: Int, duration: Duration) {
        let (counter, histogram) = requestMetrics(method: method, route: route, status: status)
        counter.increment()
        histogram.record(duration)
    }

    private struct RequestKey: Hashable {
        var method: String
        var route: String
        var status: Int
    }

    /// The registry's lookup formats the metric's name and labels on every call; requests
    /// look their metrics up here instead (one dictionary probe under a lock).
    private let requestMetricsCache = NIOLockedValueBox([RequestKey: (Counter, DurationHistogram)]())

    private func requestMetrics(method: String, route: String, status: Int) -> (Counter, DurationHistogram) {
        let key = RequestKey(method: method, route: route, status: status)
        if let found = requestMetricsCache.withLockedValue({ $0[key] }) { return found }
        let made = (registry.makeCounter(descriptor: Self.requests, labels: [("method", method), ("route", route), ("status", String(status))]),
                    registry.makeDurationHistogram(descriptor: Self.requestDuration, labels: [("route", route)], buckets: Self.durationBuckets))
        requestMetricsCache.withLockedValue { $0[key] = made }
        return made
    }

    func requestStarted() { inFlight.increment() }
    func requestEnded() { inFlight.decrement() }

    func recordParses(_ count: Int, outOfScope rejected: Int, batch: Bool) {
        parses.increment(by: Int64(count))
        if rejected > 0 { outOfScope.increment(by: Int64(rejected)) }
        if batch { utterancesPerBatch.record(Double(count)) }
    }

    func recordReload(succeeded: Bool) {
        registry.makeCounter(descriptor: Self.reloads, labels: [("outcome", succeeded ? "success" : "failure")]).increment()
    }

    func recordModel(generation: Int, loadedAt: Date) {
        modelGeneration.set(Double(generation))
        modelLoadedAt.set(loadedAt.timeIntervalSince1970)
    }

    func recordVocabularyCache(entries: Int) { vocabularyCacheEntries.set(Double(entries)) }
}
