#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one switch of every fast path that has a plain twin giving the same answer: in the parse,
/// scoring only a clear intent's labels (``IntentLabelWeights``) instead of every label; in the
/// server, answering plain parse requests from the connection's bytes (`RawParsePath`) instead
/// of through the router, and reading a body that is only `{"text": …}` without the JSON reader.
///
/// On unless the environment sets `INTENTKIT_SLOW_PATHS` (read once, at first use): the test
/// suites run once each way, and the outputs of the two are compared byte for byte
/// (`scripts/test`), so a fast path cannot drift from what it stands in for.
package enum FastPaths {
    package static let enabled: Bool = getenv("INTENTKIT_SLOW_PATHS") == nil
}
