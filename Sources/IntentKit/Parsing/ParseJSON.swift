/// The JSON shape of a parse that `intentkit parse` prints, the server answers and the C API
/// returns, all through ``ParseJSONWriter``: confidences rounded to four decimals,
/// `alternatives` only when asked for (or when the utterance is out of scope and there are
/// some), `parameters` only when resolving, a slot's `value` `null` when unresolved, keys
/// sorted. The `Codable` conformance of ``IntentParse`` writes the same keys in full
/// (``ParseJSONWriter/writeExact(_:)``) and reads both forms.
package enum ParseJSON {
    /// What `--respond` (and a request's `respond`) adds: the rendered response, or why there is none.
    package enum RenderedResponse {
        case text(String)
        case problem(String)
    }

    /// Whether the JSON lists `alternatives`: when asked for (`topK` above 1), or when the
    /// utterance is out of scope and the model has in-scope runner-ups.
    static func showsAlternatives(of parse: IntentParse, topK: Int) -> Bool {
        topK > 1 || parse.isOutOfScope && !parse.alternatives.isEmpty
    }

    /// Four decimals: enough to rank, short enough to read.
    static func rounded(_ value: Double) -> Double { (value * 10_000).rounded() / 10_000 }
}
