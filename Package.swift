// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "IntentKit",
    platforms: [.macOS(.v14)],
    products: [
        // The embeddable runtime: tokenizer, schema, features, model reading, parsing, resolution.
        .library(name: "IntentKit", targets: ["IntentKit"]),
        // Corpora: the SiriKit-style data model, validation, importers and exporters.
        .library(name: "IntentKitCorpus", targets: ["IntentKitCorpus"]),
        // Training: the CRF slot tagger and the intent classifier, written as model files.
        .library(name: "IntentKitTraining", targets: ["IntentKitTraining"]),
        // Evaluation: intent and slot scores, reports, CI gates, cross-validation.
        .library(name: "IntentKitEvaluation", targets: ["IntentKitEvaluation"]),
        // The HTTP service behind `intentkit serve`: parsing, entities, metrics, reload.
        .library(name: "IntentKitServer", targets: ["IntentKitServer"]),
        .executable(name: "intentkit", targets: ["intentkit"]),
        // The C API (`Sources/CIntentKitABI/include/intentkit.h`) as a shared library:
        // `swift build -c release --product CIntentKit` writes .build/release/libCIntentKit.so.
        .library(name: "CIntentKit", type: .dynamic, targets: ["CIntentKit"]),
        // The Python wheel's one shared library: the C API and the `intentkit` command
        // (`ik_main`, which the wheel's launcher calls); scripts/build-wheel builds it.
        .library(name: "IntentKitPython", type: .dynamic, targets: ["CIntentKit", "IntentKitCommandLine"]),
    ],
    traits: [
        // Reading an app's App Intents from its Swift sources (`intentkit import Sources/`) needs
        // swift-syntax, several minutes of compiling that the rest of IntentKit does without:
        // `swift build -c release --traits AppIntents` builds it in.
        .trait(name: "AppIntents", description: "Read App Intents from an app's Swift sources (swift-syntax)."),
        .default(enabledTraits: []),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        // `intentkit serve`: HTTP/1.1 on SwiftNIO, structured logs, Prometheus metrics, signals.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-atomics", from: "1.3.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        // `swift package generate-documentation --target IntentKit` builds the runtime's DocC catalog.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // `intentkit import Sources/` (the AppIntents trait): App Intents read from an app's Swift sources' syntax trees.
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
    ],
    targets: [
        // OpenBLAS's CBLAS interface; only `LinearAlgebra/BLAS.swift` imports it.
        .systemLibrary(
            name: "CBLAS",
            pkgConfig: "openblas",
            providers: [.apt(["libopenblas-dev"])]
        ),
        // The sentence encoder's kernels in C: 8-bit integer projections (AVX-512 VNNI where the CPU
        // has it) and GELU, with portable loops that give the same bits elsewhere; only
        // `Encoder/` imports it.
        .target(name: "CEncoderKernels"),
        .target(name: "CPrefetch"),
        // Training's small products whose sums keep a fixed order (the CRF's forward-backward,
        // the L-BFGS memory's inner products), on AVX2 where the CPU has it, the same bits elsewhere.
        .target(name: "CFixedOrderKernels"),
        .target(
            name: "IntentKit",
            dependencies: ["CBLAS", "CEncoderKernels", "CFixedOrderKernels", "CPrefetch"]
        ),
        .target(
            name: "IntentKitCorpus",
            dependencies: [
                "IntentKit",
                .product(name: "Yams", package: "Yams"),
                .product(name: "SwiftParser", package: "swift-syntax", condition: .when(traits: ["AppIntents"])),
                .product(name: "SwiftSyntax", package: "swift-syntax", condition: .when(traits: ["AppIntents"])),
            ]
        ),
        .target(
            name: "IntentKitTraining",
            dependencies: ["CFixedOrderKernels", "IntentKit", "IntentKitCorpus", "IntentKitEvaluation"]
        ),
        .target(
            name: "IntentKitEvaluation",
            dependencies: ["IntentKit", "IntentKitCorpus"]
        ),
        .target(
            name: "IntentKitServer",
            dependencies: [
                "IntentKit",
                "IntentKitCorpus",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "Atomics", package: "swift-atomics"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        // The C API's header and the little of it written in C; `CIntentKit` implements the rest.
        .target(name: "CIntentKitABI"),
        .target(
            name: "CIntentKit",
            dependencies: ["CIntentKitABI", "IntentKit", "IntentKitCorpus"]
        ),
        // The `intentkit` command's subcommands, a library so that the Python wheel's shared
        // library can carry them too; `intentkit` itself is its main.
        .target(
            name: "IntentKitCommandLine",
            dependencies: [
                "IntentKit",
                "IntentKitCorpus",
                "IntentKitTraining",
                "IntentKitEvaluation",
                "IntentKitServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(name: "intentkit", dependencies: ["IntentKitCommandLine"]),
        // libFuzzer targets for the readers, the model loader and parsing (scripts/dev/fuzz); built
        // plainly, a replay tool for their inputs.
        .executableTarget(
            name: "IntentKitFuzz",
            dependencies: ["IntentKit", "IntentKitCorpus"]
        ),
        .testTarget(
            name: "IntentKitTests",
            dependencies: ["IntentKit", "CEncoderKernels"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "IntentKitCorpusTests",
            dependencies: ["IntentKitCorpus", "IntentKit"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "IntentKitTrainingTests",
            dependencies: ["IntentKitTraining", "IntentKitCorpus", "IntentKit", "IntentKitEvaluation"]
        ),
        .testTarget(
            name: "IntentKitEvaluationTests",
            dependencies: ["IntentKitEvaluation", "IntentKitCorpus", "IntentKit"]
        ),
        // A raw HTTP/1.1 client over a loopback socket, for the server's and the command's tests.
        .target(name: "IntentKitTestSupport", path: "Tests/IntentKitTestSupport"),
        .testTarget(
            name: "IntentKitServerTests",
            dependencies: [
                "IntentKitServer",
                "IntentKitTestSupport",
                "IntentKit",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Yams", package: "Yams"),
            ],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "IntentKitCLITests",
            dependencies: ["intentkit", "IntentKitTestSupport", .product(name: "Yams", package: "Yams")]
        ),
    ]
)
