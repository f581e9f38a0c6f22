import Foundation
import IntentKit

/// The search of the intent classifier's setting on the held-out folds, one coordinate at a
/// time (``IntentClassifierGrid``): first every coefficient, then each other feature set and
/// weighting against the setting chosen so far, each fold's fit starting from the chosen
/// setting's weights on that fold. A challenger replaces the chosen setting only when it is
/// significantly better (``SettingComparison/isPreferred(_:over:phrasings:classes:)``).
struct IntentSettingSearch {

    let folds: IntentFolds
    let grid: IntentClassifierGrid
    /// The L2 coefficients, from the largest down (a regularisation path).
    let coefficients: [Double]
    /// With an encoder, its factors (``IntentClassifierGrid/encoderScales``); without, none.
    let encoderScales: [Double?]
    /// The folds settings are compared on. A large classifier's fits are what training costs:
    /// its settings are compared on the fewest first folds that hold enough utterances to tell
    /// settings apart (``TrainingOptions/searchHeldOutUtterances``), and the other folds are
    /// fitted with the chosen setting alone, when the tagger learns from their predictions.
    let compared: [Int]
    /// Where the compared fits stop: looser than usual when only some folds are compared.
    let tolerance: Double
    private(set) var candidates = [SettingCandidate]()
    private(set) var chosen = 0
    /// The setting on words alone, as the search stood before the encoder joined it: what the
    /// tagger learns from if the encoder's vector is chosen.
    private(set) var searchedWords: SettingCandidate?
    /// Whether intents differ enough in size to compare their weightings
    /// (``SettingComparison/intentsDifferInSize(_:)``).
    let comparesWeighting: Bool

    init(_ folds: IntentFolds) {
        self.folds = folds
        let grid = folds.options.intentGrid, hasEncoder = folds.options.encoder != nil
        self.grid = grid
        coefficients = grid.c2.isEmpty ? [IntentClassifierSetting.untuned.c2] : grid.c2.sorted(by: >)
        encoderScales = !hasEncoder ? [nil]
            : grid.encoderScales.allSatisfy({ $0 == nil }) ? [IntentClassifierSetting.untunedEncoderScale] : grid.encoderScales
        let searches = coefficients.count > 1 || grid.characterNGrams.count > 1 || grid.balancesIntents.count > 1 || grid.weighsRareFeatures.count > 1
            || (hasEncoder && (grid.encoderScales.count > 1 || grid.neighbourScales.count > 1))
        // The fewest first folds that hold enough held-out utterances, if fewer than all.
        let enough = folds.foldSizes.indices.first { folds.foldSizes[...$0].reduce(0, +) >= TrainingOptions.searchHeldOutUtterances }
        compared = folds.isLarge && searches && (enough ?? folds.folds) < folds.folds - 1 ? Array(0...enough!) : Array(0..<folds.folds)
        tolerance = searches && compared.count < folds.folds ? TrainingOptions.searchTolerance : folds.trainer.tolerance
        var sizes = [Int: Int]()
        for index in folds.originals { sizes[folds.classes[index], default: 0] += 1 }
        comparesWeighting = SettingComparison.intentsDifferInSize(Array(sizes.values))
    }

    /// The setting chosen, with its held-out results.
    var best: SettingCandidate { candidates[chosen] }

    /// Runs the search; `log` hears what it leaves out and why.
    mutating func run(log: (TrainingMessage) -> Void) {
        chooseCoefficient()
        for lengths in grid.characterNGrams.dropFirst() { challenge { $0.characterNGrams = lengths } }
        for rare in grid.weighsRareFeatures.dropFirst() { challenge { $0.weighsRareFeatures = rare } }
        searchedWords = encoderScales.first! == nil ? candidates[chosen] : nil
        challengeWithBest(of: Array(encoderScales.dropFirst())) { $0.encoderScale = $1 }
        // The encoder's vector changes what the sparse features must carry: once it is in, the
        // feature sets and the neighbouring coefficients are challenged again.
        if candidates[chosen].setting.encoderScale != nil && encoderScales.first! == nil {
            for lengths in grid.characterNGrams where lengths != candidates[chosen].setting.characterNGrams {
                challenge { $0.characterNGrams = lengths }
            }
            let coefficient = candidates[chosen].setting.c2
            for neighbour in coefficients where neighbour != coefficient && max(neighbour / coefficient, coefficient / neighbour) <= 4.5 {
                challenge { $0.c2 = neighbour }
            }
        }
        // With the encoder's vector in, the similarity to each intent's nearest training utterances.
        let forcesExemplars = grid.neighbourScales.count == 1 && grid.neighbourScales[0] != nil
        if candidates[chosen].setting.encoderScale != nil && folds.exemplarSimilarities != nil {
            challengeWithBest(of: grid.neighbourScales.filter { $0 != nil }, forced: forcesExemplars) { $0.neighbourScale = $1 }
        } else if forcesExemplars && folds.exemplarSimilarities != nil {
            log(TrainingMessage(.step, "intent classifier: nearest exemplars not used: they come with the encoder's vector, which the search left out"))
        }
        if comparesWeighting {
            for balanced in grid.balancesIntents.dropFirst() { challenge { $0.balancesIntents = balanced } }
        } else if grid.balancesIntents.count > 1 {
            log(TrainingMessage(.detail, "intent classifier: intents of about the same size (within a factor of 1.5), weighting not compared"))
        }
        candidates[chosen] = atUsualTolerance(candidates[chosen])
    }

    /// Every coefficient: the one nearest the untuned coefficient stays unless another is
    /// significantly better.
    private mutating func chooseCoefficient() {
        candidates = folds.evaluate(coefficients.map {
            IntentClassifierSetting(c2: $0, characterNGrams: grid.characterNGrams.first ?? nil, balancesIntents: grid.balancesIntents.first ?? true,
                                    encoderScale: encoderScales[0], weighsRareFeatures: grid.weighsRareFeatures.first ?? false)
        }, on: compared, tolerance: tolerance)
        let distance = { [candidates] (c: Int) in abs(Foundation.log(candidates[c].setting.c2 / IntentClassifierSetting.untuned.c2)) }
        let incumbent = candidates.indices.min { distance($0) < distance($1) }!
        let top = SettingComparison.best(of: candidates, among: candidates.indices)
        chosen = isPreferred(candidates[top], over: candidates[incumbent]) ? top : incumbent
        keepFitsOfChosen()
    }

    private func isPreferred(_ challenger: SettingCandidate, over incumbent: SettingCandidate) -> Bool {
        SettingComparison.isPreferred(challenger, over: incumbent, phrasings: folds.phrasings, classes: folds.originalClasses)
    }

    /// Only the chosen setting's weights are kept, as starts.
    private mutating func keepFitsOfChosen() {
        for c in candidates.indices where c != chosen { candidates[c].fits = [:] }
    }

    /// `incumbent`'s setting changed by `change`, on the compared folds, each fold's fit
    /// starting from `incumbent`'s weights on that fold.
    func challenger(of incumbent: SettingCandidate, _ change: (inout IntentClassifierSetting) -> Void) -> SettingCandidate {
        var setting = incumbent.setting
        change(&setting)
        return folds.evaluate([setting], on: compared, from: incumbent.start, tolerance: tolerance)[0]
    }

    /// The chosen setting changed by `change`, which replaces it when significantly better.
    private mutating func challenge(with change: (inout IntentClassifierSetting) -> Void) {
        candidates.append(challenger(of: candidates[chosen], change))
        if isPreferred(candidates[candidates.count - 1], over: candidates[chosen]) { chosen = candidates.count - 1 }
        keepFitsOfChosen()
    }

    /// A coordinate of several values (the encoder's factors, the exemplars'): every value is
    /// fitted, and of those that beat the setting chosen so far the best is kept
    /// (``SettingComparison/choice(of:challengers:incumbent:phrasings:classes:)``). An explicit option
    /// (`forced`) takes the best whatever the folds say of the incumbent.
    private mutating func challengeWithBest(of values: [Double?], forced: Bool = false, _ change: (inout IntentClassifierSetting, Double?) -> Void) {
        guard !values.isEmpty else { return }
        let incumbent = candidates[chosen], first = candidates.count
        for value in values {  // each its own features: a fit of its own from the chosen weights
            candidates.append(challenger(of: incumbent) { change(&$0, value) })
        }
        chosen = forced ? SettingComparison.best(of: candidates, among: first..<candidates.count)
            : SettingComparison.choice(of: candidates, challengers: first..<candidates.count, incumbent: chosen,
                                  phrasings: folds.phrasings, classes: folds.originalClasses)
        keepFitsOfChosen()
    }

    /// `candidate`'s fits taken on to the usual tolerance, when the search stopped them sooner.
    func atUsualTolerance(_ candidate: SettingCandidate) -> SettingCandidate {
        guard tolerance != folds.trainer.tolerance else { return candidate }
        return folds.evaluate([candidate.setting], on: compared, from: candidate.start)[0]
    }

    /// `candidate` on the folds not compared too, each fit starting from the mean of its folds' weights.
    func onEveryFold(_ candidate: SettingCandidate) -> SettingCandidate {
        let rest = (0..<folds.folds).filter { !compared.contains($0) }
        guard !rest.isEmpty && folds.dataset.labels.count > 1 else { return candidate }
        var candidate = candidate
        let fits = candidate.foldFits
        candidate.merge(folds.evaluate([candidate.setting], on: rest, from: { _ in fits })[0])
        return candidate
    }

    /// The setting on words alone whose held-out intents the tagger learns from when the
    /// encoder's vector is chosen, on every fold: the setting the search held before the encoder
    /// joined it, finished as a search without an encoder finishes it; with the encoder's factor
    /// fixed (no setting without it searched), the chosen setting without the encoder's features.
    func wordsOnly() -> SettingCandidate {
        var words: SettingCandidate
        if let searchedWords {
            words = searchedWords
            for balanced in grid.balancesIntents.dropFirst() where comparesWeighting {
                let weighted = challenger(of: words) { $0.balancesIntents = balanced }
                if isPreferred(weighted, over: words) { words = weighted }
            }
            words = atUsualTolerance(words)
        } else {
            var setting = best.setting
            setting.encoderScale = nil
            setting.neighbourScale = nil
            words = folds.evaluate([setting], on: compared)[0]
        }
        return onEveryFold(words)
    }
}
