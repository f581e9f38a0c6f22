/// Splits utterances into tokens that keep their place in the original text.
///
/// The rules, applied left to right:
/// 1. White space (and control or format characters) separates tokens and belongs to none.
/// 2. A run starting with a URL scheme (`https://`, `http://`, …) or `www.`, or shaped like an
///    e-mail address (`name@host.tld`), up to the next white space, is one token, less trailing
///    punctuation (`.`, `,`, `)`, …).
/// 3. Letters and digits form one token, joined across an apostrophe between letters
///    (`o'clock`, `don’t`) — except before the clitics `'s`, `'re`, `'ve`, `'ll`, `'d`, `'m`, which
///    are tokens of their own (`Stardust` `'s`, `I` `'m`), so a name keeps its own token — a hyphen between letters or digits (`e-mail`, `covid-19`), and `.`,
///    `,` or `:` between digits (`8.5`, `1,000`, `7:30`). A currency sign right before a digit
///    and `%` right after a number stay with the number (`$85`, `€12.50`, `50%`).
/// 4. Han, Hiragana and Katakana characters are one token each: those scripts use no spaces.
/// 5. Any other punctuation mark or symbol is a token of its own, with the marks, variation
///    selectors, skin-tone modifiers and zero-width-joiner sequences that extend it (`👍🏽`).
///
/// No input makes it fail or drops text: every scalar that is not white space is in exactly one
/// token. Each token carries a normalised form (see ``TokenizedText/normalized(at:)``).
///
/// ```swift
/// let tokens = Tokenizer().tokenize("Pay Buttercup $85 at 7:30")
/// tokens.count          // 5
/// tokens.text(at: 2)    // "$85"
/// ```
public struct Tokenizer: Sendable, Hashable {
    /// Creates a tokenizer with the rules above.
    public init() {}

    /// Tokenizes `text` into a new value.
    public func tokenize(_ text: String) -> TokenizedText {
        var output = TokenizedText()
        tokenize(text, into: &output)
        return output
    }

    /// Tokenizes `text` into `output`, reusing its buffers.
    ///
    /// - Complexity: O(n) in the length of `text`; no allocation per token once `output`'s
    ///   buffers have grown to the text's size.
    public func tokenize(_ text: String, into output: inout TokenizedText) {
        output.text = text
        output.tokens.removeAll(keepingCapacity: true)
        output.normalizedStorage.removeAll(keepingCapacity: true)
        output.scalars.removeAll(keepingCapacity: true)
        output.utf8Offsets.removeAll(keepingCapacity: true)
        // A new buffer is sized once (a text has at most as many scalars as UTF-8 bytes; its
        // normalised form is about as long), not grown by doubling; a reused one keeps its size.
        let length = text.utf8.count
        output.scalars.reserveCapacity(length)
        output.utf8Offsets.reserveCapacity(length + 1)
        output.normalizedStorage.reserveCapacity(length + 8)
        output.tokens.reserveCapacity(length / 4 + 4)
        var offset = 0
        for scalar in text.unicodeScalars {
            output.scalars.append(scalar)
            output.utf8Offsets.append(offset)
            offset += UTF8.width(scalar)
        }
        output.utf8Offsets.append(offset)

        var scanner = Scanner(scalars: output.scalars)
        while let (range, kind) = scanner.next() {
            let normalizedStart = Int32(output.normalizedStorage.count)
            for index in range {
                TextFolding.append(output.scalars[index], to: &output.normalizedStorage)
            }
            output.tokens.append(Token(
                range: range,
                utf8Range: output.utf8Offsets[range.lowerBound]..<output.utf8Offsets[range.upperBound],
                kind: kind,
                normalizedRange: normalizedStart..<Int32(output.normalizedStorage.count)))
        }
    }
}

extension Tokenizer {
    /// Finds token boundaries in an array of scalars, one token per call of ``next()``.
    struct Scanner {
        let scalars: [Unicode.Scalar]
        var position = 0

        init(scalars: [Unicode.Scalar]) { self.scalars = scalars }

        private func classOf(_ index: Int) -> ScalarClass? {
            index >= 0 && index < scalars.count ? ScalarClass(scalars[index]) : nil
        }

        mutating func next() -> (Range<Int>, Token.Kind)? {
            while position < scalars.count, ScalarClass(scalars[position]) == .space { position += 1 }
            guard position < scalars.count else { return nil }
            let start = position
            let kind: Token.Kind
            if let (end, linkKind) = link(at: start) {
                position = end
                kind = linkKind
            } else {
                switch ScalarClass(scalars[start]) {
                case .letter, .digit:
                    kind = scanWord()
                case .currency where classOf(start + 1) == .digit:
                    position += 1
                    _ = scanWord()
                    kind = .number
                case .ideograph:
                    position += 1
                    skipExtenders()
                    kind = .ideograph
                case .punctuation:
                    if let end = cliticEnd(at: start) {
                        position = end
                        kind = .word
                    } else {
                        position += 1
                        skipExtenders()
                        kind = .punctuation
                    }
                default:
                    scanSymbolCluster()
                    kind = .symbol
                }
            }
            return (start..<position, kind)
        }

        /// Scans letters and digits with their inner joiners (rule 3); returns `.number` when the
        /// token has no letter.
        private mutating func scanWord() -> Token.Kind {
            var sawLetter = false
            while position < scalars.count {
                let current = ScalarClass(scalars[position])
                switch current {
                case .letter:
                    sawLetter = true
                    position += 1
                case .digit, .extender:
                    position += 1
                case .punctuation where joins(at: position):
                    position += 1
                default:
                    if !sawLetter, scalars[position] == "%", ScalarClass(scalars[position - 1]) == .digit {
                        position += 1
                    }
                    return sawLetter ? .word : .number
                }
            }
            return sawLetter ? .word : .number
        }

        /// Whether the punctuation at `index` joins the alphanumerics on both sides of it.
        private func joins(at index: Int) -> Bool {
            guard let before = classOf(index - 1), let after = classOf(index + 1) else { return false }
            switch scalars[index] {
            case "'", "\u{2019}":
                return before == .letter && after == .letter && cliticEnd(at: index) == nil
            case "-", "\u{2010}", "\u{2011}":
                return before.isAlphanumeric && after.isAlphanumeric
            case ".", ",", ":":
                return before == .digit && after == .digit
            default:
                return false
            }
        }

        /// The end of a clitic (`'s`, `'re`, `'ve`, `'ll`, `'d`, `'m`) whose apostrophe is at
        /// `index`, or `nil`.
        private func cliticEnd(at index: Int) -> Int? {
            guard scalars[index] == "'" || scalars[index] == "\u{2019}" else { return nil }
            var end = index + 1
            var letters = String.UnicodeScalarView()
            while end < scalars.count, ScalarClass(scalars[end]) == .letter, letters.count < 3 {
                letters.append(scalars[end].properties.lowercaseMapping.unicodeScalars.first ?? scalars[end])
                end += 1
            }
            if end < scalars.count, ScalarClass(scalars[end]) == .letter { return nil }
            switch String(letters) {
            case "s", "re", "ve", "ll", "d", "m": return end
            default: return nil
            }
        }

        private mutating func skipExtenders() {
            while position < scalars.count {
                let scalar = scalars[position]
                if ScalarClass(scalar) == .extender {
                    position += 1
                    // A zero-width joiner glues the next scalar into the cluster (emoji sequences).
                    if scalar == "\u{200D}", position < scalars.count, ScalarClass(scalars[position]) != .space {
                        position += 1
                    }
                } else {
                    return
                }
            }
        }

        private mutating func scanSymbolCluster() {
            let first = scalars[position].value
            position += 1
            // Two regional indicators make one flag.
            if (0x1F1E6...0x1F1FF).contains(first), position < scalars.count,
               (0x1F1E6...0x1F1FF).contains(scalars[position].value) {
                position += 1
            }
            skipExtenders()
        }

        /// Rule 2: a URL or e-mail address starting at `start`, if there is one.
        private func link(at start: Int) -> (Int, Token.Kind)? {
            if start > 0 {
                let before = ScalarClass(scalars[start - 1])
                guard before == .space || before == .punctuation else { return nil }
            }
            guard ScalarClass(scalars[start]).isAlphanumeric else { return nil }
            // Cheap rejection first: links need an '@', or a '.' or ':' (runs once per token).
            var end = start
            var mayBeLink = false
            while end < scalars.count {
                let scalar = scalars[end]
                if scalar == "@" || scalar == "." || scalar == ":" {
                    mayBeLink = true
                } else if scalar.value < 0x80 ? scalar.value <= 0x20 : ScalarClass(scalar) == .space {
                    break
                }
                end += 1
            }
            guard mayBeLink else { return nil }
            while end > start, Self.trailing.contains(scalars[end - 1]) { end -= 1 }
            let chunk = scalars[start..<end]
            if hasURLPrefix(chunk) { return (end, .url) }
            if isEmail(chunk) { return (end, .email) }
            return nil
        }

        private static let trailing: Set<Unicode.Scalar> = [".", ",", ";", ":", "!", "?", ")", "]", "}", "'", "\"", ">"]
        private static let urlPrefixes: [[UInt8]] = ["https://", "http://", "ftp://", "www."].map { Array($0.utf8) }

        /// Whether `chunk` starts with a URL scheme or `www.` (ASCII, case-insensitive) and goes on after it.
        private func hasURLPrefix(_ chunk: ArraySlice<Unicode.Scalar>) -> Bool {
            prefixes: for prefix in Self.urlPrefixes where chunk.count > prefix.count {
                for (offset, byte) in prefix.enumerated() {
                    var value = chunk[chunk.startIndex + offset].value
                    if value >= 0x41 && value <= 0x5A { value += 0x20 }
                    if value != UInt32(byte) { continue prefixes }
                }
                return true
            }
            return false
        }

        /// `local@host.tld`: a non-empty local part of letters, digits and `._%+-`, then a host
        /// of labels separated by dots whose last label has at least two letters.
        private func isEmail(_ chunk: ArraySlice<Unicode.Scalar>) -> Bool {
            guard let at = chunk.firstIndex(of: "@"), at > chunk.startIndex else { return false }
            for scalar in chunk[..<at] {
                guard ScalarClass(scalar).isAlphanumeric || "._%+-".unicodeScalars.contains(scalar) else { return false }
            }
            let host = chunk[(at + 1)...]
            guard let lastDot = host.lastIndex(of: "."), lastDot > host.startIndex else { return false }
            for scalar in host {
                guard ScalarClass(scalar).isAlphanumeric || scalar == "." || scalar == "-" else { return false }
            }
            let topLevel = host[(lastDot + 1)...]
            return topLevel.count >= 2 && topLevel.allSatisfy { ScalarClass($0) == .letter }
        }
    }
}
