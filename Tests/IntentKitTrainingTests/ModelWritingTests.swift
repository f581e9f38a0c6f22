import Foundation
import Testing
@testable import IntentKit
@testable import IntentKitTraining

/// What the model writer keeps: a trained model written and read back parses as before.
@Suite("Model writing")
struct ModelWritingTests {
    static let model: NLUModel = {
        var options = TrainingOptions()
        options.maxIterations = 40
        return ModelTrainer(options: options).train(ModelTrainerTests.corpora.train).0
    }()
    /// A fixed moment for relative dates, so that two parses of one utterance resolve alike.
    static let reference = Date(timeIntervalSince1970: 1_795_334_400)

    @Test func theModelFileCarriesTheSchemaAndEachIntentsSlots() throws {
        let reread = try NLUModel(reading: ModelFileReader(bytes: Self.model.fileBytes(), name: "parser"))
        #expect(reread.schema == Self.model.schema && !reread.schema.entities.isEmpty)
        #expect(reread.intentSlots == Self.model.intentSlots && !reread.intentSlots.isEmpty)
        let text = "pay Buttercup twenty euros"
        #expect(IntentParser(model: reread).parse(text, reference: Self.reference)
                == IntentParser(model: Self.model).parse(text, reference: Self.reference))
    }
}
