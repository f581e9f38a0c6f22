import Foundation
import Testing
@testable import IntentKit

/// The model files in `Fixtures/models`, one per format version this IntentKit still reads,
/// each written by the IntentKit of its time from `Fixtures/corpus` (scripts/dev/make-model-fixtures):
/// every one loads and parses, so a change to the reader that breaks an old format fails here.
@Suite("Model fixtures of every readable format")
struct ModelFixtureTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/models")
    static let versions = ["1.0", "1.1", "1.2", "1.3", "1.4", "1.5", "1.6", "1.7", "1.8", "1.9", "1.10", "1.11", "1.12"]

    static func fixture(_ version: String) -> URL { directory.appendingPathComponent("format-\(version).model") }

    @Test("each format version loads and finds the payee and the app", arguments: versions)
    func eachVersionLoadsAndParses(_ version: String) throws {
        let parser = try IntentParser(contentsOf: Self.fixture(version))
        let parse = parser.parse("send Buttercup 85 bucks on Unicorn Pay")
        let slots = Dictionary(parse.slots.map { ($0.name, $0.text) }, uniquingKeysWith: { first, _ in first })
        #expect(slots["payee"] == "Buttercup")
        #expect(slots["app"] == "Unicorn Pay")
        #expect(slots["amount"]?.hasPrefix("85") == true)
    }

    @Test("from format 1.1 on, a model has an intent classifier, a schema and resolves values", arguments: versions.dropFirst())
    func intentsAndValuesFromVersionOneOne(_ version: String) throws {
        let parser = try IntentParser(contentsOf: Self.fixture(version))
        let parse = parser.parse("send Buttercup 85 bucks on Unicorn Pay")
        #expect(parse.intent == "SendPayment")
        #expect(parse.confidence > 0.5)
        let values = Dictionary(parse.slots.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
        #expect(values["payee"] == .custom("contact.buttercup"))
        #expect(values["app"] == .custom("app.unicornpay"))
        #expect(values["amount"] == .amountOfMoney(85, currency: "USD"))
        #expect(parser.parse("get me a ride to the library").intent == "RequestRide")
    }

    @Test("from format 1.4 on, a model knows out of scope: its class, temperature and minimum confidence")
    func outOfScopeFromVersionOneFour() throws {
        let parser = try IntentParser(contentsOf: Self.fixture("1.4"))
        let calibration = try #require(parser.model.intentClassifier?.outOfScope)
        #expect(calibration.intent == "out_of_scope" && calibration.temperature > 0)
        #expect(parser.minimumConfidence == calibration.minimumConfidence)
        let gibberish = parser.parse("asdf qwerty zxcv")
        #expect(gibberish.isOutOfScope && gibberish.intent == nil && gibberish.slots.isEmpty)
        // Before 1.4 a model knew no out of scope: an utterance with a word it knows gets an
        // intent. One without any, as one without a word, is out of scope for every model.
        let older = try IntentParser(contentsOf: Self.fixture("1.3"))
        #expect(older.model.intentClassifier?.outOfScope == OutOfScopeCalibration())
        #expect(older.minimumConfidence == nil && !older.parse("pay asdf qwerty zxcv").isOutOfScope)
        #expect(older.parse("asdf qwerty zxcv").isOutOfScope)
    }

    @Test("from format 1.10 on, the model says what its minimum confidence is compared with; before, the likeliest intent's probability")
    func confidenceMeasureFromVersionOneTen() throws {
        let older = try #require(try NLUModel(contentsOf: Self.fixture("1.9")).intentClassifier?.outOfScope)
        #expect(older.intent == "out_of_scope" && older.confidenceMeasure == nil)
        let newer = try #require(try NLUModel(contentsOf: Self.fixture("1.10")).intentClassifier?.outOfScope)
        #expect(newer.intent == "out_of_scope" && newer.confidenceMeasure == .likeliestIntent)
    }

    @Test("from format 1.5 on, the classifier's weights are stored a byte each, read back as whole steps of each feature's scale")
    func int8WeightsFromVersionOneFive() throws {
        let classifier = try #require(try NLUModel(contentsOf: Self.fixture("1.5")).intentClassifier)
        let scales = try #require(classifier.rowScales)
        let C = classifier.intents.count
        for (row, scale) in scales.enumerated() where scale > 0 {
            #expect(classifier.weights[row * C..<(row + 1) * C].allSatisfy { abs($0 / scale - ($0 / scale).rounded()) < 1e-3 })
        }
        #expect(try NLUModel(contentsOf: Self.fixture("1.4")).intentClassifier?.rowScales == nil)
    }

    @Test("from format 1.12 on, a model may carry its sentence encoder, and then parses with it where the encoder is not installed")
    func carriedEncoderFromVersionOneTwelve() throws {
        let carriedFixture = Self.directory.appendingPathComponent("carried-encoder.model")
        let file = try ModelFileReader(uncheckedContentsOf: carriedFixture)
        #expect(file.has(.encoderFiles) && file.has(.encoderFileIndex))
        let model = try NLUModel(contentsOf: carriedFixture)
        #expect(model.provenance["intentkitModelFormat"] == "1.12")
        let identity = try #require(model.intentClassifier?.encoder)
        // The directory it was trained from is gone: the encoder came from the file.
        #expect(!FileManager.default.fileExists(atPath: identity.directory))
        let carried = try #require(model.intentClassifier?.encoderFeatures?.encoder)
        #expect(carried.identity.isSameEncoder(as: identity))
        #expect(carried.identity.checksum == (try SentenceEncoder(directory: SentenceEncoderTests.tinyDirectory)).identity.checksum)
        // The carried files are the encoder's own: the same parse as with it from its directory.
        let given = try NLUModel(contentsOf: carriedFixture, encoder: try SentenceEncoder(directory: SentenceEncoderTests.tinyDirectory))
        let text = "send Buttercup 85 bucks on Unicorn Pay"
        #expect(IntentParser(model: model).parse(text) == IntentParser(model: given).parse(text))
        // A well-formed file (its checksum recomputed) whose carried encoder is not the one it
        // records is refused.
        var bytes = try Array(Data(contentsOf: carriedFixture))
        let section = try #require(file.sectionTable.first { $0.tag == "EFIL" })
        var last = section.range.upperBound - 1
        while bytes[last] == 0 && last > section.range.lowerBound { last -= 1 }  // the last weight byte, not padding
        bytes[last] ^= 0x01
        let checksum = bytes.withUnsafeBytes { CRC32.checksum(UnsafeRawBufferPointer(rebasing: $0[ModelFileFormat.headerSize...])) }
        withUnsafeBytes(of: checksum.littleEndian) { bytes.replaceSubrange(24..<28, with: $0) }
        #expect {
            try NLUModel(bytes: bytes, name: "edited.model")
        } throws: { error in
            "\(error)".contains("edited.model: the sentence encoder the model carries is not the one it was trained with")
        }
    }

    @Test("a format 1.0 model, which predates the classifier, parses with no intent")
    func versionOneZeroHasNoIntent() throws {
        let parse = try IntentParser(contentsOf: Self.fixture("1.0")).parse("send Buttercup 85 bucks on Unicorn Pay")
        #expect(parse.intent == nil)
        #expect(parse.alternatives.isEmpty)
    }

    @Test("the newest fixture is of the format this IntentKit writes, so a format change needs a new fixture")
    func newestFixtureIsTheCurrentFormat() throws {
        let newest = try #require(Self.versions.last)
        #expect(newest == "\(ModelFileFormat.majorVersion).\(ModelFileFormat.minorVersion)")
        let model = try NLUModel(contentsOf: Self.fixture(newest))
        #expect(model.provenance["intentkitModelFormat"] == newest)
    }
}
