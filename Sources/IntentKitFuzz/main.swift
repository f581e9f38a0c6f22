import Foundation
import IntentKit

// IntentKit's fuzz targets, one binary for all of them: INTENTKIT_FUZZ_TARGET names the target
// (`FuzzTarget`), INTENTKIT_FUZZ_MODEL the model the parse and vocabulary targets parse with.
//
// Built by scripts/dev/fuzz with `-sanitize=fuzzer,address -DLIBFUZZER`, it hands its arguments to
// libFuzzer's driver, with a custom mutator that nests, repeats lines, empties fields and grows
// words (`StructuredMutator`) beside libFuzzer's byte mutations. Built plainly (as `swift build` does), it replays files instead:
// `IntentKitFuzz FILE…` runs the target once on each, which is how a crash is reproduced and how
// the seed corpora run in the unit tests' build.

let environment = ProcessInfo.processInfo.environment
guard let name = environment["INTENTKIT_FUZZ_TARGET"], let target = FuzzTarget(rawValue: name) else {
    FileHandle.standardError.write(Data("set INTENTKIT_FUZZ_TARGET to one of: \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", "))\n".utf8))
    exit(2)
}
let parser: IntentParser? = environment["INTENTKIT_FUZZ_MODEL"].flatMap { try? IntentParser(contentsOf: URL(fileURLWithPath: $0)) }
if [.parse, .requests, .vocabulary, .shortcuts, .history].contains(target) && parser == nil {
    FileHandle.standardError.write(Data("the \(name) target needs INTENTKIT_FUZZ_MODEL, the path of a model\n".utf8))
    exit(2)
}
let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("intentkit-fuzz-\(getpid())")
try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)

#if LIBFUZZER
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

@_silgen_name("LLVMFuzzerMutate")
func LLVMFuzzerMutate(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maximumSize: Int) -> Int

/// libFuzzer's custom mutator: one time in three a structural mutation (``StructuredMutator``),
/// otherwise libFuzzer's own.
@_cdecl("LLVMFuzzerCustomMutator")
func customMutator(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maximumSize: Int, _ seed: UInt32) -> Int {
    var mutator = StructuredMutator(seed: seed)
    guard mutator.next(3) == 0,
          let mutated = mutator.mutate(Array(UnsafeBufferPointer(start: data, count: size)), maximumSize: maximumSize) else {
        return LLVMFuzzerMutate(data, size, maximumSize)
    }
    mutated.withUnsafeBufferPointer { data.update(from: $0.baseAddress!, count: mutated.count) }
    return mutated.count
}

nonisolated(unsafe) let fuzzTarget = target
nonisolated(unsafe) let fuzzParser = parser
nonisolated(unsafe) let fuzzScratch = scratch
var argc = CommandLine.argc
var argv = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in
    let bytes = size > 0 ? Array(UnsafeBufferPointer(start: data, count: size)) : []
    fuzzTarget.run(bytes, scratch: fuzzScratch, parser: fuzzParser)
    return 0
})
#else
var ran = 0
for path in CommandLine.arguments.dropFirst() {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
    let files = isDirectory.boolValue
        ? ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted().map { (path as NSString).appendingPathComponent($0) }
        : [path]
    for file in files {
        guard let data = FileManager.default.contents(atPath: file) else { continue }
        target.run([UInt8](data), scratch: scratch, parser: parser)
        ran += 1
    }
}
print("\(name): \(ran) inputs, no crash")
#endif
try? FileManager.default.removeItem(at: scratch)
