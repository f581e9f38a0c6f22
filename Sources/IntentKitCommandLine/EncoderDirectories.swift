import Foundation
import IntentKit

/// Where the command line looks for sentence encoders: ``EncoderLocations``'s places, and the
/// project's `.venv-encoder` in the current directory (where scripts/setup-encoder installs
/// all-MiniLM-L6-v2 in a checkout).
enum EncoderDirectories {
    /// What ``defaultEncoder()`` found.
    enum DefaultEncoder: Equatable {
        case found(URL)
        /// No encoder, and why, in words for the user.
        case none(String)
    }

    /// The command line's search.
    static var locations: EncoderLocations { EncoderLocations(extraRoots: [".venv-encoder"]) }

    /// The encoder training uses unless told otherwise: `$INTENTKIT_ENCODER` (a directory, or
    /// `none`), else the first one installed where ``locations`` look.
    static func defaultEncoder() -> DefaultEncoder {
        // Named by the environment: that one, or an error loading it, never another in its place.
        if let named = ProcessInfo.processInfo.environment["INTENTKIT_ENCODER"], !named.isEmpty {
            return named == "none" ? .none("INTENTKIT_ENCODER=none") : .found(URL(fileURLWithPath: named))
        }
        if let first = locations.encoderDirectories().first { return .found(first) }
        return .none("no sentence encoder installed; `intentkit encoders install` installs all-MiniLM-L6-v2 for every project, or give --encoder DIR")
    }

    /// The encoder `--encoder VALUE` names: a directory (a path, or a name that is one here),
    /// else an installed encoder of that name (`intentkit encoders` lists them); `nil` when a
    /// name is neither. A path is taken as it is: loading it says what it lacks.
    static func named(_ value: String) -> URL? {
        var isDirectory: ObjCBool = false
        if value.contains("/") || FileManager.default.fileExists(atPath: value, isDirectory: &isDirectory) && isDirectory.boolValue {
            return URL(fileURLWithPath: value)
        }
        return locations.directory(named: value)
    }

    /// The error for a `--encoder VALUE` that names no encoder.
    static func notFound(_ value: String) -> String {
        let install = EncoderLocations.packages.contains { $0.name.lowercased() == value.lowercased() }
            ? "`intentkit encoders install \(value)` installs it" : "`intentkit encoders` lists those installed"
        return "\(value): error: no such directory here, and no installed sentence encoder of that name; \(install)"
    }
}
