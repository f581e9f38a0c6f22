import Foundation
import Testing

/// The runtime's public line, as a reader of its documentation meets it.
@Suite struct PublicAPITests {
    private static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Sources/IntentKit").standardizedFileURL

    /// The names of the top-level public types declared under Sources/IntentKit.
    private static func publicTypes() throws -> Set<String> {
        var names = Set<String>()
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)!
        let declaration = /^public (?:final )?(?:struct|enum|class|protocol|actor|typealias) ([A-Za-z]+)/.anchorsMatchLineEndings()
        for case let url as URL in files where url.pathExtension == "swift" {
            for match in try String(contentsOf: url, encoding: .utf8).matches(of: declaration) { names.insert(String(match.1)) }
        }
        return names
    }

    @Test func theDocCTopicsListEveryPublicType() throws {
        let catalogue = try String(contentsOf: Self.sources.appendingPathComponent("IntentKit.docc/IntentKit.md"), encoding: .utf8)
        let listed = Set(catalogue.matches(of: /^- ``([A-Za-z]+)``$/.anchorsMatchLineEndings()).map { String($0.1) })
        let types = try Self.publicTypes()
        #expect(types.count > 40, "the declarations were read")
        #expect(types.subtracting(listed).sorted() == [], "public types missing from IntentKit.docc/IntentKit.md's topics")
        #expect(listed.subtracting(types).sorted() == [], "topics naming no public type")
    }

    /// What only training needs stays inside the package.
    @Test func trainingOnlyTypesAreNotPublic() throws {
        let types = try Self.publicTypes()
        for name in ["FeatureConfiguration", "FeatureTemplate", "LabelScheme"] { #expect(!types.contains(name), "\(name)") }
    }
}
