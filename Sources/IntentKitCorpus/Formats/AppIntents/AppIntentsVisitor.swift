#if AppIntents
import SwiftParser
import SwiftSyntax

/// Walks one Swift source file's syntax tree (swift-syntax's parser: the code is read as the
/// compiler reads it, never matched by patterns over its text) and collects its App Intents
/// declarations into ``AppIntentsDeclarations``. Only literal texts are read: a title computed
/// at run time, or a phrase built from a variable, is counted as a loss.
final class AppIntentsVisitor: SyntaxVisitor {
    private let file: String
    private let converter: SourceLocationConverter
    private let lines: [Substring]
    private(set) var declarations = AppIntentsDeclarations()

    /// The protocols of intents a person can ask for. Widget and control configuration intents
    /// (`WidgetConfigurationIntent`, `ControlConfigurationIntent`) configure a view instead.
    static let intentProtocols: Set<String> = [
        "AppIntent", "AudioPlaybackIntent", "AudioRecordingIntent", "AudioStartingIntent", "CameraCaptureIntent", "DeleteIntent",
        "ForegroundContinuableIntent", "LiveActivityIntent", "OpenIntent", "PlayVideoIntent", "ProgressReportingIntent",
        "SetValueIntent", "ShowInAppSearchResultsIntent", "SystemIntent", "URLRepresentableIntent", "UndoableIntent",
    ]
    static let entityProtocols: Set<String> = ["AppEntity", "IndexedEntity", "FileEntity", "TransientAppEntity", "UniqueAppEntity"]

    /// Parses `text`, the file at `file` (its display path, for locations).
    init(text: String, file: String) {
        let tree = Parser.parse(source: text)
        self.file = file
        converter = SourceLocationConverter(fileName: file, tree: tree)
        lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        super.init(viewMode: .sourceAccurate)
        walk(tree)
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        readType(name: node.name.text, inheritance: node.inheritanceClause, members: node.memberBlock, at: Syntax(node))
        return .visitChildren
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        readType(name: node.name.text, inheritance: node.inheritanceClause, members: node.memberBlock, at: Syntax(node))
        return .visitChildren
    }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        let conformances = Self.conformances(node.inheritanceClause)
        if conformances.contains("AppEnum") { readEnumeration(node) }
        if conformances.contains("AppShortcutsProvider") { readShortcuts(in: Syntax(node)) }
        return .visitChildren
    }

    private func readType(name: String, inheritance: InheritanceClauseSyntax?, members: MemberBlockSyntax, at node: Syntax) {
        let conformances = Self.conformances(inheritance)
        if !conformances.isDisjoint(with: Self.intentProtocols) {
            readIntent(name: name, members: members, at: node)
        } else if conformances.contains("WidgetConfigurationIntent") || conformances.contains("ControlConfigurationIntent") {
            declarations.lose("widget and control configuration intents")
        }
        if !conformances.isDisjoint(with: Self.entityProtocols) { declarations.entityNames[name] = location(of: node) }
        if conformances.contains("AppShortcutsProvider") { readShortcuts(in: node) }
    }

    /// The names a type conforms to, each without its module (`AppIntents.AppIntent` → `AppIntent`).
    private static func conformances(_ clause: InheritanceClauseSyntax?) -> Set<String> {
        Set(clause?.inheritedTypes.compactMap { $0.type.trimmedDescription.split(separator: ".").last.map(String.init) } ?? [])
    }

    private func readIntent(name: String, members: MemberBlockSyntax, at node: Syntax) {
        var intent = AppIntentsDeclarations.Intent(name: name, location: location(of: node))
        for member in members.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            let isStatic = variable.modifiers.contains { $0.name.tokenKind == .keyword(.static) }
            for binding in variable.bindings {
                guard let property = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                if isStatic {
                    switch property {
                    case "title": intent.title = value(of: binding).flatMap(text)
                    case "description": intent.description = value(of: binding).flatMap(text)
                    case "parameterSummary":
                        for call in calls(named: ["Summary"], in: Syntax(binding)) {
                            if let first = call.arguments.first, let summary = text(first.expression) {
                                intent.summaries.append(summary)
                            }
                        }
                    default: break
                    }
                } else if let attribute = variable.attributes.lazy.compactMap({ $0.as(AttributeSyntax.self) })
                            .first(where: { $0.attributeName.trimmedDescription == "Parameter" }) {
                    intent.parameters.append(parameter(property, binding: binding, attribute: attribute))
                }
            }
        }
        declarations.intents.append(intent)
    }

    private func parameter(_ name: String, binding: PatternBindingSyntax, attribute: AttributeSyntax) -> AppIntentsDeclarations.IntentParameter {
        var type = binding.typeAnnotation?.type
        var isOptional = false, isArray = false
        if let optional = type?.as(OptionalTypeSyntax.self) {
            isOptional = true
            type = optional.wrappedType
        } else if let unwrapped = type?.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
            isOptional = true
            type = unwrapped.wrappedType
        }
        if let array = type?.as(ArrayTypeSyntax.self) {
            isArray = true
            type = array.element
        }
        var parameter = AppIntentsDeclarations.IntentParameter(
            name: name, location: location(of: Syntax(binding)), typeName: type?.trimmedDescription ?? "String",
            isOptional: isOptional, isArray: isArray, hasDefault: binding.initializer != nil)
        if case .argumentList(let arguments) = attribute.arguments {
            for argument in arguments {
                switch argument.label?.text {
                case "title": parameter.title = text(argument.expression)
                case "requestValueDialog": parameter.prompt = text(argument.expression)
                case "default": parameter.hasDefault = true
                default: break
                }
            }
        }
        return parameter
    }

    private func readEnumeration(_ node: EnumDeclSyntax) {
        var enumeration = AppIntentsDeclarations.Enumeration(name: node.name.text, location: location(of: Syntax(node)))
        var titles = [String: (title: String?, synonyms: [String])]()
        for member in node.memberBlock.members {
            if let cases = member.decl.as(EnumCaseDeclSyntax.self) {
                for element in cases.elements { enumeration.cases.append((element.name.text, nil, [])) }
            }
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            for binding in variable.bindings where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "caseDisplayRepresentations" {
                guard let dictionary = value(of: binding)?.as(DictionaryExprSyntax.self),
                      case .elements(let elements) = dictionary.content else { continue }
                for element in elements {
                    guard let key = element.key.as(MemberAccessExprSyntax.self)?.declName.baseName.text else { continue }
                    titles[key] = representation(element.value)
                }
            }
        }
        for index in enumeration.cases.indices {
            if let shown = titles[enumeration.cases[index].identifier] {
                enumeration.cases[index].title = shown.title
                enumeration.cases[index].synonyms = shown.synonyms
            }
        }
        declarations.enumerations.append(enumeration)
    }

    /// A `DisplayRepresentation`: a string literal, or `DisplayRepresentation(title:…, synonyms: […])`.
    private func representation(_ expression: ExprSyntax) -> (title: String?, synonyms: [String]) {
        if let call = expression.as(FunctionCallExprSyntax.self) {
            var title: String?, synonyms = [String]()
            for argument in call.arguments {
                switch argument.label?.text {
                case "title", nil: if title == nil { title = text(argument.expression) }
                case "synonyms":
                    synonyms = argument.expression.as(ArrayExprSyntax.self)?.elements.compactMap { text($0.expression) } ?? []
                default: break
                }
            }
            return (title, synonyms)
        }
        return (text(expression), [])
    }

    private func readShortcuts(in node: Syntax) {
        for call in calls(named: ["AppShortcut"], in: node) {
            var intentName: String?, phrases = [String](), shortTitle: String?
            for argument in call.arguments {
                switch argument.label?.text {
                case "intent":
                    intentName = argument.expression.as(FunctionCallExprSyntax.self)?.calledExpression.trimmedDescription
                case "phrases":
                    for element in argument.expression.as(ArrayExprSyntax.self)?.elements ?? [] {
                        if let phrase = text(element.expression) { phrases.append(phrase) } else { declarations.lose("phrases that are not literal text") }
                    }
                case "shortTitle": shortTitle = text(argument.expression)
                default: break
                }
            }
            guard let intentName else {
                declarations.lose("shortcuts whose intent is not written as a call (`intent: OrderSoup()`)")
                continue
            }
            declarations.shortcuts.append(.init(intentName: intentName, location: location(of: Syntax(call)), phrases: phrases, shortTitle: shortTitle))
        }
    }

    /// Every call of a function or initialiser named one of `names` within `node`.
    private func calls(named names: Set<String>, in node: Syntax) -> [FunctionCallExprSyntax] {
        final class Finder: SyntaxVisitor {
            let names: Set<String>
            var found: [FunctionCallExprSyntax] = []
            init(names: Set<String>) {
                self.names = names
                super.init(viewMode: .sourceAccurate)
            }
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                if names.contains(node.calledExpression.trimmedDescription) { found.append(node) }
                return .visitChildren
            }
        }
        let finder = Finder(names: names)
        finder.walk(node)
        return finder.found
    }

    /// A property's value: its initialiser, or the one expression of its getter.
    private func value(of binding: PatternBindingSyntax) -> ExprSyntax? {
        if let initializer = binding.initializer { return initializer.value }
        guard let accessors = binding.accessorBlock?.accessors else { return nil }
        let body: CodeBlockItemListSyntax?
        switch accessors {
        case .getter(let items): body = items
        case .accessors(let list): body = list.first { $0.accessorSpecifier.tokenKind == .keyword(.get) }?.body?.statements
        }
        guard let body, body.count == 1, let item = body.first else { return nil }
        if let expression = item.item.as(ExprSyntax.self) { return expression }
        return item.item.as(ReturnStmtSyntax.self)?.expression
    }

    /// The text of a string literal, or of the first argument of an initialiser that wraps one
    /// (`LocalizedStringResource("…")`, `IntentDescription("…")`, `IntentDialog("…")`); `nil`
    /// for anything computed. Interpolations of a parameter (`\(\.$soup)`) read `${soup}`, of
    /// the app's name ``AppIntentsDeclarations/applicationName``.
    private func text(_ expression: ExprSyntax) -> String? {
        if let literal = expression.as(StringLiteralExprSyntax.self) {
            if let plain = literal.representedLiteralValue { return plain }
            var text = ""
            for segment in literal.segments {
                switch segment {
                case .stringSegment(let piece): text += piece.content.text
                case .expressionSegment(let interpolation):
                    guard let inner = interpolation.expressions.first?.expression else { return nil }
                    if let path = inner.as(KeyPathExprSyntax.self),
                       let component = path.components.last?.component.as(KeyPathPropertyComponentSyntax.self) {
                        let name = component.declName.baseName.text
                        text += "${\(name.hasPrefix("$") ? String(name.dropFirst()) : name)}"
                    } else if inner.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "applicationName" {
                        text += AppIntentsDeclarations.applicationName
                    } else {
                        return nil
                    }
                }
            }
            return text
        }
        if let call = expression.as(FunctionCallExprSyntax.self), let first = call.arguments.first,
           first.label == nil || ["stringLiteral", "title", "name", "full"].contains(first.label?.text ?? "") {
            return text(first.expression)
        }
        return nil
    }

    /// Where `node` starts: its line, and its column in Unicode scalars.
    private func location(of node: Syntax) -> SourceLocation {
        let place = converter.location(for: node.positionAfterSkippingLeadingTrivia)
        let line = place.line
        var column = place.column
        if line >= 1, line <= lines.count {
            let bytes = Array(lines[line - 1].utf8.prefix(max(0, place.column - 1)))
            column = String(decoding: bytes, as: UTF8.self).unicodeScalars.count + 1
        }
        return SourceLocation(file: file, line: line, column: column)
    }
}
#endif
