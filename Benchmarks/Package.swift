// swift-tools-version: 6.1
// IntentKit's benchmarks, in a package of their own so that users of the library never build
// the benchmark machinery. They depend on the runtime alone and load models, never train them.
// Run from this directory: `swift package benchmark`; thresholds live in Thresholds/.
import Foundation
import PackageDescription

/// SwiftPM names a path dependency after its folder, and a clone's folder name is the cloner's
/// choice: look it up instead of assuming "IntentKit".
let intentKit = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "IntentKitBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(path: "../"),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "TokenizerBenchmarks",
            dependencies: [
                .product(name: "IntentKit", package: intentKit),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/TokenizerBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "SlotTaggerBenchmarks",
            dependencies: [
                .product(name: "IntentKit", package: intentKit),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/SlotTaggerBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "EntityExtractorBenchmarks",
            dependencies: [
                .product(name: "IntentKit", package: intentKit),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/EntityExtractorBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "EncoderBenchmarks",
            dependencies: [
                .product(name: "IntentKit", package: intentKit),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/EncoderBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "ParserBenchmarks",
            dependencies: [
                .product(name: "IntentKit", package: intentKit),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/ParserBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
