import Foundation
import Testing
@testable import IntentKit
@testable import IntentKitTraining

/// Model files altered the way a hostile or buggy writer could: well-formed containers with a
/// valid checksum whose contents contradict themselves.
enum ModelFileEditing {
    /// `bytes`, a model file, with its metadata changed by `change` (checksum recomputed).
    static func changingMetadata(of bytes: [UInt8], _ change: (inout [String: Any]) -> Void) throws -> [UInt8] {
        let reader = try ModelFileReader(bytes: bytes, name: "model")
        var writer = ModelFileWriter()
        for (tag, _) in reader.sectionTable {
            let section = try #require(ModelFileFormat.Tag(rawValue: tag))
            guard section == .metadata else { writer.add(section, bytes: Array(try reader.data(section))); continue }
            var metadata = try #require(try JSONSerialization.jsonObject(with: Data(try reader.data(section))) as? [String: Any])
            change(&metadata)
            writer.add(section, bytes: Array(try JSONSerialization.data(withJSONObject: metadata)))
        }
        return writer.bytes()
    }
}
