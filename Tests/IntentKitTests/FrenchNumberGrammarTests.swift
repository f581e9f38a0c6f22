import Foundation
import Testing
@testable import IntentKit

/// French numbers and ordinals through the extractor (`language: "fr"`), family by family: each
/// text must come out as exactly one entity covering all of it. The phrases are written for
/// IntentKit, not taken from a corpus.
@Suite("French numbers")
struct FrenchNumberGrammarTests {
    private static let french = BuiltinEntityExtractor(calendar: ReferenceMoment.calendar, language: "fr-CA")
    private static let english = BuiltinEntityExtractor(calendar: ReferenceMoment.calendar)

    private func expectWhole(_ text: String, _ value: SlotValue, sourceLocation: SourceLocation = #_sourceLocation) {
        let matches = Self.french.extract(from: text, reference: ReferenceMoment.date)
        #expect(matches.count == 1 && matches.first?.text == text, "\(text): \(matches.map { "\($0.text) → \($0.value)" })",
                sourceLocation: sourceLocation)
        #expect(matches.first?.value == value, "\(text) → \(matches.first.map { "\($0.value)" } ?? "nothing")", sourceLocation: sourceLocation)
    }

    @Test func unitsTeensAndTens() {
        let cases: [(String, Double)] = [
            ("zéro", 0), ("un", 1), ("une", 1), ("cinq", 5), ("dix", 10), ("quatorze", 14), ("seize", 16), ("dix-sept", 17),
            ("dix huit", 18), ("dix-neuf", 19), ("vingt", 20), ("quarante", 40), ("cinquante", 50),
            // a ten and "et un", hyphenated or not, and a ten and a unit
            ("trente et un", 31), ("quarante-et-une", 41), ("cinquante-deux", 52), ("soixante neuf", 69),
            // seventy, eighty and ninety built on sixty and eighty
            ("soixante-dix", 70), ("soixante et onze", 71), ("soixante-quinze", 75), ("soixante dix-neuf", 79),
            ("quatre-vingts", 80), ("quatre-vingt-un", 81), ("quatre vingt quatre", 84), ("quatre-vingt-dix", 90),
            ("quatre-vingt-douze", 92), ("quatre-vingt-dix-sept", 97),
            // as Belgium and Switzerland say them
            ("septante", 70), ("septante-trois", 73), ("huitante", 80), ("octante-deux", 82), ("nonante", 90), ("nonante-cinq", 95),
            // a ten and a digit
            ("quarante 2", 42),
        ]
        for (text, value) in cases { expectWhole(text, .number(value)) }
    }

    @Test func hundredsAndScales() {
        let cases: [(String, Double)] = [
            ("cent", 100), ("cent un", 101), ("cent-douze", 112), ("deux cents", 200), ("trois cent quarante", 340),
            ("neuf cent quatre-vingt-dix-neuf", 999), ("mille", 1000), ("mille deux", 1002), ("deux mille", 2000),
            ("deux mille vingt-six", 2026), ("quatre mille cinq cents", 4500), ("cent mille", 100_000),
            ("trois cent mille", 300_000), ("un million", 1e6), ("deux millions", 2e6),
            ("quatre millions trois cent mille", 4_300_000), ("un milliard", 1e9), ("six milliards deux millions", 6_002_000_000),
            ("dix-huit mille", 18000), ("soixante-dix mille", 70000),
        ]
        for (text, value) in cases { expectWhole(text, .number(value)) }
    }

    @Test func digitsTheFrenchWay() {
        let cases: [(String, Double)] = [
            ("42", 42), ("2,5", 2.5), ("0,25", 0.25), ("12,75", 12.75), (",5", 0.5), ("2.500", 2500), ("45.000.000", 45e6),
            ("2.5", 2.5), ("-8", -8), ("+4", 4), ("-3,5", -3.5), ("- 7", -7), ("moins 40", -40), ("moins trois", -3), ("25k", 25000),
            ("2,5M", 2.5e6), ("7G", 7e9), ("3 mille", 3000), ("4 millions", 4e6), ("6 virgule 5", 6.5),
        ]
        for (text, value) in cases { expectWhole(text, .number(value)) }
        // The decimal comma is French: in English "2,500" is two thousand five hundred.
        #expect(Self.english.extract(from: "2,500", reference: ReferenceMoment.date).first?.value == .number(2500))
        expectWhole("2,500", .number(2.5))
    }

    @Test func decimalsAndHalves() {
        let cases: [(String, Double)] = [
            ("deux virgule cinq", 2.5), ("zéro virgule zéro deux", 0.02), ("sept virgule vingt-cinq", 7.25), ("un point cinq", 1.5),
            ("quatre et demi", 4.5), ("une et demie", 1.5),
        ]
        for (text, value) in cases { expectWhole(text, .number(value)) }
    }

    @Test func approximateQuantities() {
        let cases: [(String, Double)] = [
            ("une dizaine", 10), ("une douzaine", 12), ("deux douzaines", 24), ("une vingtaine", 20), ("une centaine", 100),
            ("un millier", 1000), ("3 douzaines", 36),
        ]
        for (text, value) in cases { expectWhole(text, .number(value)) }
    }

    @Test func ordinalsInDigitsAndWords() {
        let cases: [(String, Int)] = [
            ("1er", 1), ("1re", 1), ("1ère", 1), ("2e", 2), ("2nd", 2), ("4ème", 4), ("7ieme", 7), ("10e", 10), ("le 5e", 5),
            ("premier", 1), ("première", 1), ("second", 2), ("deuxième", 2), ("cinquième", 5), ("neuvième", 9), ("onzième", 11),
            ("vingtième", 20), ("vingt et unième", 21), ("trente-deuxième", 32), ("soixante-dixième", 70), ("soixante et onzième", 71),
            ("quatre-vingtième", 80), ("quatre-vingt-dix-neuvième", 99), ("centième", 100), ("cent unième", 101),
            ("deux centième", 200), ("deux cent troisième", 203), ("millième", 1000), ("trois millième", 3000),
        ]
        for (text, value) in cases { expectWhole(text, .ordinal(value)) }
    }

    @Test func durations() {
        let cases: [(String, Double)] = [
            ("vingt minutes", 1200), ("2 semaines", 1_209_600), ("trois jours", 259_200), ("une seconde", 1), ("10 min", 600),
            ("une demi-heure", 1800), ("une heure et demie", 5400), ("deux heures et quart", 8100), ("un quart d'heure", 900),
            ("trois quarts d'heure", 2700), ("une heure vingt", 4800), ("1h", 3600), ("pendant 2h15", 8100), ("quelques minutes", 180),
            ("une minute et dix secondes", 70), ("deux ans", 63_072_000), ("six mois", 15_552_000), ("pendant trois heures", 10_800),
            ("durant une semaine", 604_800), ("pour une durée de cinq jours", 432_000), ("une demi-journée", 43_200),
        ]
        for (text, seconds) in cases { expectWhole(text, .duration(seconds: seconds)) }
        // A duration inside a request, as Soup Chef's French users say it: the extractor reads
        // "dans vingt minutes" as the moment, a duration slot as the duration.
        let request = "une soupe à l'oignon dans vingt minutes"
        let matches = Self.french.extract(from: request, reference: ReferenceMoment.date)
        #expect(matches.map(\.text) == ["une", "dans vingt minutes"] && matches.last?.kind == .dateTime, "\(matches.map { "\($0.text) → \($0.value)" })")
        let text = Tokenizer().tokenize(request)
        #expect(BuiltinGrammar.resolve(.duration, text: text, tokens: (text.count - 3)..<text.count, reference: ReferenceMoment.date,
                                       calendar: ReferenceMoment.calendar, language: .french) == .duration(seconds: 1200))
    }

    @Test func percentagesAndTemperatures() {
        expectWhole("quinze pour cent", .percentage(15))
        expectWhole("2,5 %", .percentage(2.5))
        expectWhole("douze pourcent", .percentage(12))
        let temperatures: [(String, Double, String?)] = [
            ("vingt degrés", 20, nil), ("18°C", 18, "celsius"), ("moins quatre degrés celsius", -4, "celsius"),
            ("3 degrés sous zéro", -3, nil), ("cinq sous zéro", -5, nil), ("soixante-dix fahrenheit", 70, "fahrenheit"),
        ]
        for (text, value, unit) in temperatures { expectWhole(text, .temperature(value, unit: unit)) }
    }

    @Test func wordsThatAreNoNumberStayText() {
        for text in ["vingt et premier", "dix mille mille", "centaines de gens", "5 - 3"] {
            let matches = Self.french.extract(from: text, reference: ReferenceMoment.date)
            #expect(!(matches.count == 1 && matches[0].text == text), "\(text): \(matches.map { "\($0.text) → \($0.value)" })")
        }
    }

    @Test func aTagOfAnotherLanguageReadsEnglish() {
        let italian = BuiltinEntityExtractor(calendar: ReferenceMoment.calendar, language: "it")
        #expect(italian.extract(from: "twenty one", reference: ReferenceMoment.date).first?.value == .number(21))
        #expect(BuiltinEntityExtractor.supportedLanguages == ["en", "fr", "es", "de"])
    }
}

/// A model's schema language picks the grammars that resolve its built-in slots.
@Suite("Built-in values in the schema's language")
struct SchemaLanguageResolutionTests {
    @Test func aFrenchSchemaResolvesFrenchNumbersAndAnEnglishOneDoesNot() {
        let text = Tokenizer().tokenize("vingt et un")
        let french = EntityResolver(schema: Schema(language: "fr")), english = EntityResolver(schema: Schema())
        #expect(french.resolve(text, tokens: 0..<text.count, entity: .builtin(.number)) == .number(21))
        #expect(english.resolve(text, tokens: 0..<text.count, entity: .builtin(.number)) == nil)
        let digits = Tokenizer().tokenize("2,5")
        #expect(french.resolve(digits, tokens: 0..<digits.count, entity: .builtin(.number)) == .number(2.5))
        #expect(english.resolve(digits, tokens: 0..<digits.count, entity: .builtin(.number)) == .number(25))
    }
}
