import Testing
@testable import IntentKit

@Suite("User vocabulary")
struct UserVocabularyTests {
    static let contacts = [
        VocabularyTerm("Buttercup Jones", identifier: "c17", alternatives: ["Butters"]),
        VocabularyTerm("Buttercup Smith", identifier: "c42"),
        VocabularyTerm("Buttercup the Pony", identifier: "c58"),
        VocabularyTerm("Xiomara Quill", identifier: "c99"),
        VocabularyTerm("Zoë", identifier: "c5"),
    ]
    static var vocabulary: UserVocabulary {
        UserVocabulary([
            "contact": contacts,
            "account": [VocabularyTerm("NestEgg", identifier: "a3", alternatives: ["my nest egg"])],
            "app": [VocabularyTerm("iTunes", identifier: "itunes", pronunciation: "eye tunes")],
        ])
    }

    static func identifiers(_ match: UserVocabulary.Match?) -> [String] {
        switch match {
        case .exact(let candidates)?, .partial(let candidates, _)?: return candidates.map(\.identifier)
        case nil: return []
        }
    }

    @Test func exactMatchesIgnoreCaseDiacriticsAndSpacing() {
        let vocabulary = Self.vocabulary
        #expect(vocabulary.lookup("nest egg", entity: "account") == .exact([.init(identifier: "a3", phrase: "NestEgg")]))
        #expect(vocabulary.lookup("NESTEGG", entity: "account") == .exact([.init(identifier: "a3", phrase: "NestEgg")]))
        #expect(vocabulary.lookup("my nest egg", entity: "account") == .exact([.init(identifier: "a3", phrase: "NestEgg")]))
        #expect(vocabulary.lookup("zoe", entity: "contact") == .exact([.init(identifier: "c5", phrase: "Zoë")]))
        #expect(vocabulary.lookup("nest egg", entity: "contact") == nil, "terms belong to their entity type")
    }

    @Test func pronunciationHintsAndAlternativesMatch() {
        let vocabulary = Self.vocabulary
        #expect(Self.identifiers(vocabulary.lookup("eye tunes", entity: "app")) == ["itunes"])
        #expect(Self.identifiers(vocabulary.lookup("i tunes", entity: "app")) == ["itunes"])
        #expect(Self.identifiers(vocabulary.lookup("butters", entity: "contact")) == ["c17"])
    }

    @Test func partialNamesListEveryTermInPriorityOrder() {
        var vocabulary = Self.vocabulary
        #expect(vocabulary.lookup("Buttercup", entity: "contact") == .partial([
            .init(identifier: "c17", phrase: "Buttercup Jones"), .init(identifier: "c42", phrase: "Buttercup Smith"),
            .init(identifier: "c58", phrase: "Buttercup the Pony"),
        ], edited: false))
        vocabulary.setTerms(Self.contacts.reversed(), for: "contact")
        #expect(Self.identifiers(vocabulary.lookup("buttercup", entity: "contact")) == ["c58", "c42", "c17"])
        #expect(Self.identifiers(vocabulary.lookup("buttercup smith", entity: "contact")) == ["c42"])
        #expect(Self.identifiers(vocabulary.lookup("smith buttercup", entity: "contact")) == ["c42"], "words in any order")
    }

    @Test func fuzzyMatchesAllowOneEditInOneLongEnoughWord() {
        let vocabulary = Self.vocabulary
        #expect(vocabulary.lookup("Xiomarra", entity: "contact") == .partial([.init(identifier: "c99", phrase: "Xiomara Quill")], edited: true))
        #expect(Self.identifiers(vocabulary.lookup("xiomara qiull", entity: "contact")) == ["c99"], "a swap of two letters")
        #expect(vocabulary.lookup("xiomarra qiull", entity: "contact") == nil, "two words with edits")
        #expect(vocabulary.lookup("xiomaraaa", entity: "contact") == nil, "two edits in a word")
        #expect(vocabulary.lookup("zoo", entity: "contact") == nil, "short words match exactly or not at all")
        #expect(vocabulary.lookup("Buttercup Jonas", entity: "contact") == .partial([.init(identifier: "c17", phrase: "Buttercup Jones")], edited: true))
    }

    @Test func atMostTheLimitOfCandidatesHighestPriorityFirst() {
        let johns = (0..<12).map { VocabularyTerm("John \($0)th", identifier: "j\($0)") }
        let vocabulary = UserVocabulary(["contact": johns])
        #expect(Self.identifiers(vocabulary.lookup("john", entity: "contact")) == (0..<10).map { "j\($0)" })
    }

    @Test func removedTermsAreGoneAndTheRestKeepTheirOrder() {
        var vocabulary = Self.vocabulary
        vocabulary.removeTerms(withIdentifiers: ["c42"], for: "contact")
        #expect(Self.identifiers(vocabulary.lookup("buttercup", entity: "contact")) == ["c17", "c58"])
        #expect(vocabulary.lookup("buttercup smith", entity: "contact") == nil)
        #expect(vocabulary.terms(for: "contact") == Self.contacts.filter { $0.identifier != "c42" })
        vocabulary.removeAllTerms(for: "contact")
        #expect(vocabulary.lookup("buttercup", entity: "contact") == nil)
        #expect(vocabulary.entityNames == ["account", "app"])
        vocabulary.removeAll()
        #expect(vocabulary.isEmpty && vocabulary.termCount == 0)
    }

    @Test func termsComeBackAsTheyWereGiven() {
        let vocabulary = Self.vocabulary
        #expect(vocabulary.terms(for: "contact") == Self.contacts)
        #expect(vocabulary.terms(for: "app") == [VocabularyTerm("iTunes", identifier: "itunes", pronunciation: "eye tunes")])
        #expect(vocabulary.termCount == 7)
    }

    @Test func addingTermsReplacesTheSameIdentifierInPlace() {
        var vocabulary = Self.vocabulary
        vocabulary.addTerms([VocabularyTerm("Buttercup Brown", identifier: "c42"), VocabularyTerm("Yusuf", identifier: "c7")], for: "contact")
        #expect(vocabulary.terms(for: "contact").map(\.identifier) == ["c17", "c42", "c58", "c99", "c5", "c7"])
        #expect(Self.identifiers(vocabulary.lookup("buttercup brown", entity: "contact")) == ["c42"])
        #expect(vocabulary.lookup("buttercup smith", entity: "contact") == nil)
    }

    /// The tagger's vocabulary features: every span that is a phrase, and each word's roles.
    @Test func phraseMatchesAndWordRolesInAnUtterance() {
        let index = TermIndex(terms: Self.contacts + [VocabularyTerm("Nest Egg")], tokenizer: Tokenizer())
        let tokens = Tokenizer().tokenize("pay xiomara quill and my nestegg")
        var keys = UtteranceKeys()
        keys.compute(tokens, maximumBytes: index.maximumKeyBytes)
        let spans = keys.spans.filter { index.containsPhrase($0.key) }.map { Int($0.start)...Int($0.end) }
        #expect(spans == [1...2, 5...5])
        #expect(keys.spans.allSatisfy { $0.bytes <= index.maximumKeyBytes })
        #expect(index.roles(ofWord: keys.words[1].key) == .first)
        #expect(index.roles(ofWord: keys.words[2].key) == .last)
        #expect(index.roles(ofWord: keys.words[0].key) == [])
        #expect(index.roles(ofWord: keys.words[5].key) == [], "one word of a phrase's two is not a word of it")
    }

    /// The vocabulary-wide filters let every span and word of every entity type through (no
    /// false negatives), and replacing or removing an entity type's terms rebuilds them.
    @Test func theVocabularyWideFiltersKeepEveryEntityTypesKeys() {
        var vocabulary = Self.vocabulary
        let tokens = Tokenizer().tokenize("pay xiomara quill from my nest egg or butters")
        var keys = UtteranceKeys()
        func found() -> (spans: [ClosedRange<Int>], words: [Int]) {
            keys.compute(tokens, maximumBytes: vocabulary.maximumKeyBytes, phraseFilter: vocabulary.phraseFilter, wordFilter: vocabulary.wordFilter)
            let spans = keys.spans.filter { span in vocabulary.indices.values.contains { $0.containsPhrase(span.key) } }
            let words = keys.words.filter { word in vocabulary.indices.values.contains { !$0.roles(ofWord: word.key).isEmpty } }
            return (spans.map { Int($0.start)...Int($0.end) }, words.map { Int($0.token) })
        }
        #expect(found().spans == [1...2, 4...6, 5...6, 8...8], "'nest egg' is NestEgg, 'my nest egg' its alternative")
        #expect(found().words == [1, 2, 4, 5, 6])
        vocabulary.removeAllTerms(for: "account")
        #expect(found().spans == [1...2, 8...8])
        vocabulary.setTerms(["account": [VocabularyTerm("Holiday Jar")], "contact": [VocabularyTerm("Or Butters")]])
        #expect(found().spans == [7...8])
        // Most keys that are in no vocabulary stop at the filter.
        var generator = SplitMix64(seed: 5)
        let passed = (0..<10_000).filter { _ in vocabulary.phraseFilter.mayContain(fingerprint: FingerprintTable.fingerprint(generator.next())) }
        #expect(passed.count < 1_000)
    }

    /// Phrases of ASCII letters and spaces skip the tokenizer: the keys must be the tokenizer's.
    @Test func thePlainASCIIPathGivesTheTokenizersKeys() {
        var generator = SplitMix64(seed: 11)
        let alphabet = Array("abcXYZ    qQ'-é1.")
        var phrases = ["", " ", "Nest Egg", "  two  spaces ", "NestEgg", "o'brien", "Zoë", "jean-luc", "r2d2", "a.b"]
        for _ in 0..<500 {
            let length = Int(generator.next() % 12)
            phrases.append(String((0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }))
        }
        var fast = TermIndex.ExtractedKeys(tokenizer: Tokenizer()), slow = TermIndex.ExtractedKeys(tokenizer: Tokenizer())
        slow.plainASCIIPath = false
        for (term, phrase) in phrases.enumerated() {
            fast.add(phrase, term: term)
            slow.add(phrase, term: term)
        }
        #expect(fast.phraseKeys == slow.phraseKeys && fast.phraseTerms == slow.phraseTerms && fast.longest == slow.longest)
        #expect(fast.wordKeys == slow.wordKeys && fast.wordTerms == slow.wordTerms && fast.wordRoles == slow.wordRoles)
    }

    /// The budget: at most 100 bytes a term (two-word names with their own identifiers).
    @Test func aTermCostsLessThanAHundredBytes() {
        let first = ["Ada", "Bilal", "Chen", "Dmitri", "Esther", "Farah", "Gustavo", "Hana", "Ibrahim", "Jun"]
        var terms = [VocabularyTerm]()
        for index in 0..<20_000 {
            terms.append(VocabularyTerm("\(first[index % 10]) Surname\(index / 10)", identifier: "contact-\(index)"))
        }
        let vocabulary = UserVocabulary(["contact": terms])
        #expect(vocabulary.termCount == 20_000)
        #expect(vocabulary.byteCount / 20_000 <= 100, "\(vocabulary.byteCount / 20_000) bytes a term")
    }

    /// Several entity types set at once compile two at a time: the same vocabulary as setting
    /// them one by one.
    @Test func settingSeveralEntityTypesAtOnceEqualsOneByOne() {
        let names = ["Ada", "Bilal", "Chen", "Dmitri", "Esther", "Farah", "Gustavo", "Hana"]
        var lists = [String: [VocabularyTerm]]()
        for (number, entity) in ["contact", "account", "playlist"].enumerated() {
            lists[entity] = (0..<(1_500 * (number + 1))).map { VocabularyTerm("\(names[$0 % 8]) \(entity) \($0 / 8)", identifier: "\(entity)-\($0)") }
        }
        let together = UserVocabulary(lists)
        var oneByOne = UserVocabulary()
        for (entity, terms) in lists { oneByOne.setTerms(terms, for: entity) }
        #expect(together.entityNames == oneByOne.entityNames && together.byteCount == oneByOne.byteCount)
        for (entity, terms) in lists {
            #expect(together.terms(for: entity) == terms)
            #expect(Self.identifiers(together.lookup("Chen \(entity) 100", entity: entity)) == ["\(entity)-802"])
            #expect(together.lookup("Hana", entity: entity) == oneByOne.lookup("Hana", entity: entity))
        }
        var emptied = together
        emptied.setTerms(["account": [], "contact": []])
        #expect(emptied.entityNames == ["playlist"])
    }

    @Test func aStoreSwapsWholeVocabularies() {
        let store = VocabularyStore(Self.vocabulary)
        let before = store.vocabulary
        store.update { $0.removeTerms(withIdentifiers: ["c17"], for: "contact") }
        #expect(Self.identifiers(before.lookup("buttercup", entity: "contact")) == ["c17", "c42", "c58"], "a snapshot does not change")
        #expect(Self.identifiers(store.vocabulary.lookup("buttercup", entity: "contact")) == ["c42", "c58"])
        store.replace(with: UserVocabulary())
        #expect(store.vocabulary.isEmpty)
    }
}
