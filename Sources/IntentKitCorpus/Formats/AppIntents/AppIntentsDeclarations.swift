#if AppIntents
import SwiftSyntax

/// What an app's Swift sources declare for App Intents (iOS 16 and later), read from their syntax
/// trees by ``AppIntentsVisitor``: the intents with their parameters, the enums and entities the
/// parameters take, and the phrases of the app's shortcuts. Texts keep a parameter's
/// interpolation (`\(\.$soup)`) as `${soup}` and the app's name (`\(.applicationName)`) as
/// ``applicationName``.
struct AppIntentsDeclarations {
    /// An `AppIntent` type.
    struct Intent {
        var name: String
        var location: SourceLocation
        var title: String?
        var description: String?
        var parameters: [IntentParameter] = []
        /// The `Summary("…")` texts of its `parameterSummary`.
        var summaries: [String] = []
    }

    /// A property of an intent marked `@Parameter`.
    struct IntentParameter {
        var name: String
        var location: SourceLocation
        var title: String?
        /// The type as written, without `?`, `!` or `[…]`.
        var typeName: String
        var isOptional: Bool
        var isArray: Bool
        var hasDefault: Bool
        /// `requestValueDialog`: what Siri asks when the value is missing.
        var prompt: String?
    }

    /// An `AppEnum` type: its cases with their display titles and synonyms.
    struct Enumeration {
        var name: String
        var location: SourceLocation
        var cases: [(identifier: String, title: String?, synonyms: [String])] = []
    }

    /// A shortcut of an `AppShortcutsProvider`: the intent it runs and what a user says for it.
    struct Shortcut {
        var intentName: String
        var location: SourceLocation
        var phrases: [String]
        var shortTitle: String?
    }

    var intents: [Intent] = []
    var enumerations: [Enumeration] = []
    /// `AppEntity` types: values the app looks up at run time.
    var entityNames: [String: SourceLocation] = [:]
    var shortcuts: [Shortcut] = []
    /// What the sources declare that IntentKit does not read, by kind, with how often.
    var losses: [(kind: String, count: Int)] = []

    /// What `\(.applicationName)` reads as in a text.
    static let applicationName = "${.applicationName}"

    mutating func lose(_ kind: String) {
        if let index = losses.firstIndex(where: { $0.kind == kind }) {
            losses[index].count += 1
        } else {
            losses.append((kind, 1))
        }
    }
}
#endif
