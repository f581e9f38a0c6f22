import CIntentKitABI
import Foundation
import IntentKit
import IntentKitCorpus

// The C ABI declared in `Sources/CIntentKitABI/include/intentkit.h`: each function here is
// exported under the name the header declares (`@_cdecl`), takes C types, and reports every
// failure as an `ik_status` with a message, never a trap.

private typealias CString = UnsafePointer<CChar>
private typealias ErrorOut = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>

/// `bytes` and a terminating zero in memory from `malloc`, which `ik_string_free` frees.
private func allocated(_ bytes: [UInt8]) -> UnsafeMutablePointer<CChar>? {
    guard let copy = malloc(bytes.count + 1)?.assumingMemoryBound(to: UInt8.self) else { return nil }
    bytes.withUnsafeBufferPointer { buffer in
        if let base = buffer.baseAddress { copy.update(from: base, count: buffer.count) }
    }
    copy[bytes.count] = 0
    return UnsafeMutableRawPointer(copy).assumingMemoryBound(to: CChar.self)
}

/// Sets `*error` to `message` (when the caller asked for messages) and returns `status`.
private func fail(_ status: ik_status, _ message: String, _ error: ErrorOut?) -> ik_status {
    error?.pointee = strdup(message)
    return status
}

/// A failure already reported through the error out-parameter: its status is the answer.
private struct Failure: Error {
    let status: ik_status
}

/// `text` as a Swift string.
/// - Throws: `Failure` for a NULL or invalid UTF-8, its message in `error`.
private func string(_ text: CString?, _ what: String, _ error: ErrorOut?) throws(Failure) -> String {
    guard let text else { throw Failure(status: fail(IK_INVALID_ARGUMENT, "\(what) is NULL", error)) }
    guard let value = String(validatingCString: text) else { throw Failure(status: fail(IK_INVALID_UTF8, "\(what) is not valid UTF-8", error)) }
    return value
}

/// The reference moment and calendar the options name.
/// - Throws: `Failure` for a time zone name that is not one.
private func moment(_ options: ik_parse_options, _ error: ErrorOut?) throws(Failure) -> (Date, Calendar) {
    let reference = options.reference_time.isNaN ? Date() : Date(timeIntervalSince1970: options.reference_time)
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = .current
    if let zoneName = options.time_zone {
        guard let name = String(validatingCString: zoneName), let zone = TimeZone(identifier: name) else {
            throw Failure(status: fail(IK_INVALID_ARGUMENT, "time_zone '\(String(cString: zoneName))' is not an IANA time zone name", error))
        }
        calendar.timeZone = zone
    }
    return (reference, calendar)
}

private func defaults() -> ik_parse_options {
    var options = ik_parse_options()
    ik_parse_options_init(&options)
    return options
}

@_cdecl("ik_abi_version")
public func ik_abi_version() -> Int32 { 1 }

/// Allocated once and never freed: the header promises a static string.
nonisolated(unsafe) private let versionString: UnsafeMutablePointer<CChar> = strdup(IntentKitVersion.current)!

@_cdecl("ik_version")
public func ik_version() -> UnsafePointer<CChar> { UnsafePointer(versionString) }

private func load(_ make: () throws -> IntentParser, _ model: UnsafeMutablePointer<OpaquePointer?>?, _ error: ErrorOut?) -> ik_status {
    error?.pointee = nil
    guard let model else { return fail(IK_INVALID_ARGUMENT, "the model out-parameter is NULL", error) }
    model.pointee = nil
    do {
        model.pointee = OpaquePointer(Unmanaged.passRetained(ModelHandle(try make())).toOpaque())
        return IK_OK
    } catch let failure {
        return fail(IK_MODEL_ERROR, "\(failure)", error)
    }
}

@_cdecl("ik_model_load")
public func ik_model_load(_ path: UnsafePointer<CChar>?, _ model: UnsafeMutablePointer<OpaquePointer?>?,
                          _ error: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> ik_status {
    model?.pointee = nil
    error?.pointee = nil
    do {
        let path = try string(path, "path", error)
        return load({ try IntentParser(contentsOf: URL(fileURLWithPath: path)) }, model, error)
    } catch {
        return error.status
    }
}

@_cdecl("ik_model_load_bytes")
public func ik_model_load_bytes(_ bytes: UnsafeRawPointer?, _ length: Int, _ model: UnsafeMutablePointer<OpaquePointer?>?,
                                _ error: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> ik_status {
    model?.pointee = nil
    guard let bytes else { return fail(IK_INVALID_ARGUMENT, "bytes is NULL", error) }
    let copy = [UInt8](UnsafeRawBufferPointer(start: bytes, count: length))
    return load({ IntentParser(model: try NLUModel(bytes: copy)) }, model, error)
}

private func handle(_ model: OpaquePointer) -> ModelHandle {
    Unmanaged<ModelHandle>.fromOpaque(UnsafeRawPointer(model)).takeUnretainedValue()
}

@_cdecl("ik_model_free")
public func ik_model_free(_ model: OpaquePointer?) {
    guard let model else { return }
    Unmanaged<ModelHandle>.fromOpaque(UnsafeRawPointer(model)).release()
}

/// What `ik_parse` and `ik_parse_requests` check before they parse: the model's parser with
/// the options' threshold, the utterance, and the moment relative dates resolve against.
private func parseCall(
    _ model: OpaquePointer?, _ utterance: CString?, _ options: ik_parse_options, _ json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ error: ErrorOut?
) throws(Failure) -> (parser: IntentParser, text: String, reference: Date, calendar: Calendar) {
    guard let model else { throw Failure(status: fail(IK_INVALID_ARGUMENT, "model is NULL", error)) }
    guard json != nil else { throw Failure(status: fail(IK_INVALID_ARGUMENT, "the json out-parameter is NULL", error)) }
    let text = try string(utterance, "utterance", error)
    let (reference, calendar) = try moment(options, error)
    guard options.top_k >= 1 else { throw Failure(status: fail(IK_INVALID_ARGUMENT, "top_k is \(options.top_k); it must be at least 1", error)) }
    var parser = handle(model).parser
    if !options.minimum_confidence.isNaN {
        guard (0...1).contains(options.minimum_confidence) else {
            throw Failure(status: fail(IK_INVALID_ARGUMENT, "minimum_confidence is \(options.minimum_confidence); it must be between 0 and 1", error))
        }
        parser.minimumConfidence = options.minimum_confidence
    }
    return (parser, text, reference, calendar)
}

@_cdecl("ik_parse")
public func ik_parse(_ model: OpaquePointer?, _ utterance: UnsafePointer<CChar>?, _ options: UnsafePointer<ik_parse_options>?,
                     _ json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                     _ error: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> ik_status {
    error?.pointee = nil
    json?.pointee = nil
    let options = options?.pointee ?? defaults()
    let call: (parser: IntentParser, text: String, reference: Date, calendar: Calendar)
    do { call = try parseCall(model, utterance, options, json, error) } catch { return error.status }
    var workspace = call.parser.makeWorkspace()
    let parse = call.parser.parse(call.text, workspace: &workspace, alternatives: Int(options.top_k) - 1, resolving: options.resolve != 0,
                                  reference: call.reference, calendar: call.calendar)
    var writer = ParseJSONWriter()
    writer.write(parse, topK: Int(options.top_k), resolve: options.resolve != 0)
    json?.pointee = allocated(writer.bytes)
    return IK_OK
}

@_cdecl("ik_parse_requests")
public func ik_parse_requests(_ model: OpaquePointer?, _ utterance: UnsafePointer<CChar>?, _ options: UnsafePointer<ik_parse_options>?,
                              _ splitConfidence: Double, _ json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                              _ error: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> ik_status {
    error?.pointee = nil
    json?.pointee = nil
    let options = options?.pointee ?? defaults()
    var call: (parser: IntentParser, text: String, reference: Date, calendar: Calendar)
    do { call = try parseCall(model, utterance, options, json, error) } catch { return error.status }
    if !splitConfidence.isNaN {
        guard (0...1).contains(splitConfidence) else {
            return fail(IK_INVALID_ARGUMENT, "split_confidence is \(splitConfidence); it must be between 0 and 1", error)
        }
        call.parser.splitConfidence = splitConfidence
    }
    var workspace = call.parser.makeWorkspace()
    let parses = call.parser.parseRequests(call.text, workspace: &workspace, alternatives: Int(options.top_k) - 1,
                                           resolving: options.resolve != 0, reference: call.reference, calendar: call.calendar)
    var writer = ParseJSONWriter()
    writer.append(#"{"requests":["#)
    for (index, parse) in parses.enumerated() {
        if index > 0 { writer.append(",") }
        writer.write(parse, topK: Int(options.top_k), resolve: options.resolve != 0)
    }
    writer.append(#"],"text":"#)
    writer.string(call.text)
    writer.append("}")
    json?.pointee = allocated(writer.bytes)
    return IK_OK
}

@_cdecl("ik_model_set_vocabulary")
public func ik_model_set_vocabulary(_ model: OpaquePointer?, _ vocabulary: UnsafePointer<CChar>?,
                                    _ error: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> ik_status {
    error?.pointee = nil
    guard let model else { return fail(IK_INVALID_ARGUMENT, "model is NULL", error) }
    let text: String
    do {
        text = try string(vocabulary, "vocabulary", error)
    } catch {
        return error.status
    }
    do {
        handle(model).use(UserVocabulary(try UserVocabularyFormat.read(text: text, displayPath: "vocabulary")) as UserVocabulary?)
        return IK_OK
    } catch let failure {
        return fail(IK_VOCABULARY_ERROR, "\(failure)", error)
    }
}

@_cdecl("ik_model_clear_vocabulary")
public func ik_model_clear_vocabulary(_ model: OpaquePointer?) {
    guard let model else { return }
    handle(model).use(nil as UserVocabulary?)
}

@_cdecl("ik_model_set_shortcuts")
public func ik_model_set_shortcuts(_ model: OpaquePointer?, _ shortcuts: UnsafePointer<CChar>?,
                                   _ error: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> ik_status {
    error?.pointee = nil
    guard let model else { return fail(IK_INVALID_ARGUMENT, "model is NULL", error) }
    let text: String
    do {
        text = try string(shortcuts, "shortcuts", error)
    } catch {
        return error.status
    }
    let handle = handle(model)
    do {
        handle.use(UserShortcuts(try UserShortcutsFormat.read(text: text, displayPath: "shortcuts", schema: handle.parser.model.schema)))
        return IK_OK
    } catch let failure {
        return fail(IK_VOCABULARY_ERROR, "\(failure)", error)
    }
}

@_cdecl("ik_model_set_shortcut_similarity")
public func ik_model_set_shortcut_similarity(_ model: OpaquePointer?, _ similarity: Double,
                                             _ error: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> ik_status {
    error?.pointee = nil
    guard let model else { return fail(IK_INVALID_ARGUMENT, "model is NULL", error) }
    let handle = handle(model)
    guard !similarity.isNaN else {
        handle.use(shortcutSimilarity: nil)
        return IK_OK
    }
    guard (0...1).contains(similarity) else { return fail(IK_INVALID_ARGUMENT, "similarity is \(similarity); it must be between 0 and 1", error) }
    guard handle.parser.model.intentClassifier?.encoder != nil else {
        return fail(IK_INVALID_ARGUMENT, "the model has no sentence encoder to compare phrases with (train it with --encoder)", error)
    }
    handle.use(shortcutSimilarity: similarity)
    return IK_OK
}

@_cdecl("ik_model_set_history")
public func ik_model_set_history(_ model: OpaquePointer?, _ history: UnsafePointer<CChar>?,
                                 _ error: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> ik_status {
    error?.pointee = nil
    guard let model else { return fail(IK_INVALID_ARGUMENT, "model is NULL", error) }
    let text: String
    do {
        text = try string(history, "history", error)
    } catch {
        return error.status
    }
    let handle = handle(model)
    do {
        handle.use(UserHistory(try UserHistoryFormat.read(text: text, displayPath: "history", schema: handle.parser.model.schema)))
        return IK_OK
    } catch let failure {
        return fail(IK_VOCABULARY_ERROR, "\(failure)", error)
    }
}

@_cdecl("ik_model_set_reservations")
public func ik_model_set_reservations(_ model: OpaquePointer?, _ reservations: UnsafePointer<CChar>?,
                                      _ error: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> ik_status {
    error?.pointee = nil
    guard let model else { return fail(IK_INVALID_ARGUMENT, "model is NULL", error) }
    let text: String
    do {
        text = try string(reservations, "reservations", error)
    } catch {
        return error.status
    }
    do {
        handle(model).use(UserReservations(try UserReservationsFormat.read(text: text, displayPath: "reservations")))
        return IK_OK
    } catch let failure {
        return fail(IK_VOCABULARY_ERROR, "\(failure)", error)
    }
}

@_cdecl("ik_model_clear_reservations")
public func ik_model_clear_reservations(_ model: OpaquePointer?) {
    guard let model else { return }
    handle(model).use(nil as UserReservations?)
}

@_cdecl("ik_model_clear_history")
public func ik_model_clear_history(_ model: OpaquePointer?) {
    guard let model else { return }
    handle(model).use(nil as UserHistory?)
}

@_cdecl("ik_model_clear_shortcuts")
public func ik_model_clear_shortcuts(_ model: OpaquePointer?) {
    guard let model else { return }
    handle(model).use(nil as UserShortcuts?)
}

private struct EntitiesJSON: Encodable {
    var text: String
    var entities: [BuiltinEntityMatch]
}

@_cdecl("ik_extract_entities")
public func ik_extract_entities(_ text: UnsafePointer<CChar>?, _ options: UnsafePointer<ik_parse_options>?,
                                _ json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                                _ error: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> ik_status {
    error?.pointee = nil
    json?.pointee = nil
    guard let json else { return fail(IK_INVALID_ARGUMENT, "the json out-parameter is NULL", error) }
    let value: String, reference: Date, calendar: Calendar
    do {
        value = try string(text, "text", error)
        (reference, calendar) = try moment(options?.pointee ?? defaults(), error)
    } catch {
        return error.status
    }
    let matches = BuiltinEntityExtractor(calendar: calendar).extract(from: value, reference: reference)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    do {
        json.pointee = allocated(Array(try encoder.encode(EntitiesJSON(text: value, entities: matches))))
        return IK_OK
    } catch let failure {
        return fail(IK_INTERNAL_ERROR, "\(failure)", error)
    }
}

@_cdecl("ik_string_free")
public func ik_string_free(_ string: UnsafeMutablePointer<CChar>?) { free(string) }
