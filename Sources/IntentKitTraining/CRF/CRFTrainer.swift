import Foundation
import IntentKit
import IntentKitEvaluation

/// Fits the weights of a linear-chain CRF (Lafferty, McCallum & Pereira 2001) to compiled
/// sequences: L-BFGS on the L2-regularised log-likelihood (Liu & Nocedal 1989), OWL-QN when an
/// L1 term is asked for (Andrew & Gao 2007), or the averaged structured perceptron (Collins
/// 2002). With dev sequences it keeps the iteration with the best dev slot F1, averaged over
/// the last ``TrainingOptions/devWindow`` iterations, and stops after
/// ``TrainingOptions/patience`` iterations without a better one (early stopping).
struct CRFTrainer {
    var options: TrainingOptions
    var log: (TrainingMessage) -> Void
    var shouldStop: @Sendable () -> Bool

    /// The weights and how the optimiser got there.
    struct Result {
        /// The kept weights: state weights, then the `[L][L]` transitions (``CRFStructure``).
        var parameters: [Double]
        var iterations: Int
        /// See ``ModelTrainer/Report/stop``.
        var stop: String
        var keptIteration: Int
        /// Dev slot F1 of the kept weights, when dev sequences were given.
        var devF1: Double?
    }

    /// Which iteration early stopping keeps: the one whose dev F1, averaged with that of the
    /// iterations before it in a window of ``TrainingOptions/devWindow``, is best, so that one
    /// lucky iterate does not outrank a plateau.
    struct EarlyStopping {
        let window: Int
        private var recent = [Double]()
        /// The best window mean so far, and the kept iteration's own F1.
        private(set) var best: (mean: Double, f1: Double, iteration: Int)?
        /// Iterations since the best.
        private(set) var sinceBest = 0

        init(window: Int) { self.window = max(1, window) }

        /// Records iteration `iteration`'s dev F1; true when it is the best so far.
        mutating func record(_ f1: Double, iteration: Int) -> Bool {
            recent.append(f1)
            if recent.count > window { recent.removeFirst() }
            let mean = recent.reduce(0, +) / Double(recent.count)
            if mean > (best?.mean ?? -1) {
                best = (mean, f1, iteration)
                sinceBest = 0
                return true
            }
            sinceBest += 1
            return false
        }
    }

    /// Trains on `data`; `started` is when training began, for the progress lines' times.
    func train(_ data: CompiledSequences, structure: CRFStructure, labels: LabelSet, dev devData: CompiledSequences?, started start: Date) -> Result {
        var parameters = [Double](repeating: 0, count: structure.parameterCount)
        var stopping = EarlyStopping(window: options.devWindow)
        var kept: [Double]?
        var iterations = 0
        var interrupted = false
        var stop: String
        let loopStart = Date()
        /// "29/150, 12.3 s, about 40 s left": the time left assumes the iterations to come take
        /// as long as those so far (an upper bound when early stopping ends it sooner).
        func timing(_ iteration: Int) -> String {
            let elapsed = Date().timeIntervalSince(start), perIteration = Date().timeIntervalSince(loopStart) / Double(max(iteration, 1))
            let left = perIteration * Double(max(options.maxIterations - iteration, 0))
            return String(format: ", %.1f s, at most %@ left", elapsed, left < 60 ? String(format: "%.0f s", left) : String(format: "%.1f min", left / 60))
        }
        let evaluateDev: ([Double]) -> Double? = { parameters in
            devData.map { Self.slotF1(parameters: parameters, structure: structure, labels: labels, data: $0) }
        }
        switch options.algorithm {
        case .lbfgs:
            var objective = CRFObjective(data: data, structure: structure, l2: options.c2, threads: options.threads)
            var settings = LBFGS.Settings()
            settings.maxIterations = options.maxIterations
            settings.l1 = options.c1
            let result = LBFGS(settings: settings).minimize(&objective, parameters: &parameters) { progress, current in
                iterations = progress.iteration
                let f1 = evaluateDev(Array(current))
                var line = String(format: "slot tagger: iteration %d of at most %d", progress.iteration, options.maxIterations)
                if let f1 { line += String(format: ", dev slot F1 %.2f", 100 * f1) }
                line += timing(progress.iteration)
                log(TrainingMessage(.progress, line, details: String(format: "loss %.1f, gradient norm %.2f", progress.value, progress.gradientNorm),
                                    iteration: progress.iteration))
                if shouldStop() { interrupted = true }
                guard let f1 else { return !interrupted }
                if stopping.record(f1, iteration: progress.iteration) { kept = Array(current) }
                return stopping.sinceBest < options.patience && !interrupted
            }
            stop = interrupted ? "interrupted" : result.rawValue
        case .perceptron:
            var perceptron = AveragedPerceptron(data: data, structure: structure, labels: labels, seed: options.seed)
            for epoch in 1...max(1, options.maxIterations) {
                let mistakes = perceptron.epoch()
                iterations = epoch
                let averaged = perceptron.averagedParameters()
                let f1 = evaluateDev(averaged)
                var line = String(format: "slot tagger: epoch %d of at most %d, %d mistakes", epoch, options.maxIterations, mistakes)
                if let f1 { line += String(format: ", dev slot F1 %.2f", 100 * f1) }
                line += timing(epoch)
                log(TrainingMessage(.progress, line, iteration: epoch))
                parameters = averaged
                if mistakes == 0 { break }
                if let f1, stopping.record(f1, iteration: epoch) { kept = averaged }
                if shouldStop() {
                    interrupted = true
                    break
                }
                if f1 != nil && stopping.sinceBest >= options.patience { break }
            }
            stop = interrupted ? "interrupted" : "epochs"
        }
        if let kept { parameters = kept }
        return Result(
            parameters: parameters, iterations: iterations, stop: stop, keptIteration: stopping.best?.iteration ?? iterations, devF1: stopping.best?.f1)
    }

    /// Span F1 of Viterbi decoding `data` with `parameters`.
    static func slotF1(parameters: [Double], structure: CRFStructure, labels: LabelSet, data: CompiledSequences) -> Double {
        let L = structure.labelCount
        let weights = (0..<structure.stateCount).map { Float(parameters[$0]) }
        let transitions = (0..<(L * L)).map { Float(parameters[structure.transitionOffset + $0]) }
        var decoder = ViterbiDecoder(labels: labels, transitions: transitions)
        let longest = (0..<data.sentenceCount).map { data.tokens(ofSentence: $0).count }.max() ?? 0
        var scores = [Float](repeating: 0, count: longest * L)
        var path = [Int]()
        var result = SlotScores()
        data.withPointers { pointers in
            structure.withPointers { rows, stateLabels in
                weights.withUnsafeBufferPointer { weights in
                    scores.withUnsafeMutableBufferPointer { scores in
                        for sentence in 0..<data.sentenceCount {
                            let tokens = pointers.tokens(ofSentence: sentence)
                            guard !tokens.isEmpty else { continue }
                            stateScores(sentence: sentence, data: pointers, rows: rows, stateLabels: stateLabels, weights: weights, labelCount: L, into: scores)
                            decoder.decode(scores: UnsafeBufferPointer(scores), tokenCount: tokens.count, mask: nil, into: &path)
                            result.add(gold: tokens.map { labels.tag(Int(data.labels[$0])) }, predicted: path.map { labels.tag($0) })
                        }
                    }
                }
            }
        }
        return result.micro.f1
    }
}
