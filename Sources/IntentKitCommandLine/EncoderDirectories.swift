import Foundation

/// Where the command line looks for sentence encoders: the directories `intentkit encoders`
/// lists and `train` takes its default encoder from.
enum EncoderDirectories {
    /// What ``defaultEncoder()`` found.
    enum DefaultEncoder: Equatable {
        case found(URL)
        /// No encoder, and why, in words for the user.
        case none(String)
    }

    /// The places searched when no directory is named: the project's `.venv-encoder` (where
    /// scripts/setup-encoder installs all-MiniLM-L6-v2) and the directories of
    /// `$INTENTKIT_ENCODERS` (colon-separated).
    static var searchedRoots: [String] {
        [".venv-encoder"] + (ProcessInfo.processInfo.environment["INTENTKIT_ENCODERS"] ?? "").split(separator: ":").map(String.init)
    }

    /// The encoder training uses unless told otherwise: `$INTENTKIT_ENCODER` (a directory, or
    /// `none`), else the first model directory under ``searchedRoots``.
    static func defaultEncoder() -> DefaultEncoder {
        if let named = ProcessInfo.processInfo.environment["INTENTKIT_ENCODER"], !named.isEmpty {
            return named == "none" ? .none("INTENTKIT_ENCODER=none") : .found(URL(fileURLWithPath: named))
        }
        let roots = searchedRoots
        for root in roots {
            if let first = modelDirectories(under: URL(fileURLWithPath: root), depth: 6).first { return .found(first) }
        }
        return .none("no sentence encoder in \(roots.joined(separator: ", ")); scripts/setup-encoder installs all-MiniLM-L6-v2 there, or give --encoder DIR")
    }

    /// The directories under `root` (itself included) that hold config.json and model.safetensors,
    /// in path order.
    static func modelDirectories(under root: URL, depth: Int) -> [URL] {
        let files = FileManager.default
        if files.fileExists(atPath: root.appendingPathComponent("config.json").path),
           files.fileExists(atPath: root.appendingPathComponent("model.safetensors").path) {
            return [root.standardizedFileURL]
        }
        guard depth > 0, let children = try? files.contentsOfDirectory(at: root, includingPropertiesForKeys: [.isDirectoryKey, .isSymbolicLinkKey]) else {
            return []
        }
        return children.sorted { $0.path < $1.path }.flatMap { child -> [URL] in
            let values = try? child.resourceValues(forKeys: [.isDirectoryKey, .isSymbolicLinkKey])
            guard values?.isDirectory == true, values?.isSymbolicLink != true else { return [] }
            return modelDirectories(under: child, depth: depth - 1)
        }
    }
}
