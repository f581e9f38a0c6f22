import Foundation

/// The features of the ``FeatureTemplate/builtinEntities`` template: the built-in entities found
/// in an utterance, each token of a match marked with the match's kind and its place in it
/// (begin, inside, last, or the whole match: ``Gazetteer/Position``), and its neighbours with the
/// same and their offset, as Snips NLU's builtin entity features are.
///
/// Only where an expression is and what kind it is become features, never its value, and the
/// extractor resolves against a fixed moment: a model's features do not depend on the day it
/// was trained or used. A class, so that a ``FeatureExtractor`` without the template carries one
/// `nil` reference and its per-token loop stays as it was.
final class BuiltinEntityFeatures: Sendable {
    private let extractor: BuiltinEntityExtractor
    /// `[3][BuiltinEntity.allCases.count][4]` the hash of every feature: offset (−1, 0, 1),
    /// kind (hashed by its name, so that the order of the cases does not matter) and position.
    private let hashes: [UInt64]
    private static let rowsPerOffset = BuiltinEntity.allCases.count * 4

    /// The moment relative dates resolve against: any fixed one (see above).
    private static let reference = Date(timeIntervalSince1970: 1_767_225_600)

    /// The features of the entities the grammars of `language` (a BCP 47 tag) find.
    init(language: String? = nil) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        extractor = BuiltinEntityExtractor(calendar: calendar, language: language)
        hashes = [-1, 0, 1].flatMap { offset in
            BuiltinEntity.allCases.flatMap { kind in
                (0..<4).map { position in
                    var hash = FeatureHash(template: FeatureTemplate.builtinEntities.id)
                    hash.combine(int: offset)
                    for byte in kind.rawValue.utf8 { hash.combine(byte) }
                    hash.combine(UInt8(position))
                    return hash.value
                }
            }
        }
    }

    /// Each token's part in the built-in entities of `tokens`, in the order of the tokens: the
    /// token and its feature row at offset 0 (`kind · 4 + position`). Appends the tokens of each
    /// date and time expression to `dateTimeTokens`.
    func parts(of tokens: TokenizedText, dateTimeTokens: inout [Range<Int>]) -> [(token: Int, row: Int)] {
        guard tokens.count > 0 else { return [] }
        let found = extractor.spans(in: tokens, tokens: 0..<tokens.count, reference: Self.reference)
        guard !found.isEmpty else { return [] }
        var parts = [(token: Int, row: Int)]()
        var token = 0
        for match in found {
            let kind = BuiltinEntity.allCases.firstIndex(of: match.kind)!
            // The tokens the match overlaps (a match may cover part of a token: "100k" holds `100` `k`).
            while token < tokens.count && tokens.tokens[token].range.upperBound <= match.range.lowerBound { token += 1 }
            guard token < tokens.count else { break }
            var last = token
            while last + 1 < tokens.count && tokens.tokens[last + 1].range.lowerBound < match.range.upperBound { last += 1 }
            if match.kind == .dateTime { dateTimeTokens.append(token..<(last + 1)) }
            for index in token...last {
                let position: Gazetteer.Position = token == last ? .unit : index == token ? .begin : index == last ? .last : .inside
                parts.append((index, kind * 4 + Int(position.rawValue)))
            }
            token = last
        }
        return parts
    }

    /// Appends the features of the token at `index`: those of the `parts` on it and its neighbours.
    func append(of index: Int, parts: [(token: Int, row: Int)], into output: inout TokenFeatures) {
        for part in parts where part.token >= index - 1 && part.token <= index + 1 {
            output.append(hashes[(index - part.token + 1) * Self.rowsPerOffset + part.row])
        }
    }
}
