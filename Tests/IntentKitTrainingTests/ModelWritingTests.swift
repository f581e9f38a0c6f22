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
    /// Sunday 22 November 2026, 08:00 UTC.
    static let reference = Date(timeIntervalSince1970: 1_795_334_400)
    static var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }

    @Test func theModelFileCarriesTheSchemaAndEachIntentsSlots() throws {
        let reread = try NLUModel(reading: ModelFileReader(bytes: Self.model.fileBytes(), name: "parser"))
        #expect(reread.schema == Self.model.schema && !reread.schema.entities.isEmpty)
        #expect(reread.intentSlots == Self.model.intentSlots && !reread.intentSlots.isEmpty)
        let text = "pay Buttercup twenty euros"
        #expect(IntentParser(model: reread).parse(text, reference: Self.reference, calendar: Self.calendar)
                == IntentParser(model: Self.model).parse(text, reference: Self.reference, calendar: Self.calendar))
    }
}
