/// Intents named as a combination of others: `atis_flight#atis_airfare`, as ATIS labels a request
/// for both a flight and its fare. The classifier predicts such a combination as an intent of its
/// own, which is what exact-match accuracy asks of it; this says how sure it is of what the
/// combination stands for.
///
/// A request for two things spreads the classifier's probability over the combination and each
/// of its parts ("show flights and fares from Boston to Denver": the combination 0.35, flights
/// 0.23, fares 0.22), so the likeliest class has little of it even when both parts are beyond
/// doubt. Read the classes as sets of intents, the probability that an intent is among the
/// request's is the sum over the classes that contain it (here 0.58 for flights, 0.57 for
/// fares), and the confidence in a class is that of its least certain part. A corpus without
/// combinations has parts that are its classes, and the confidence is the class's probability.
package struct CompositeIntents: Sendable, Equatable {
    /// What joins the parts of a combination's name.
    static let separator: Character = "#"

    /// `[classes]` the parts each class stands for, as indices into the parts.
    let parts: [[Int]]
    /// `[parts]` the classes that stand for each part (among others).
    private let classesOfPart: [[Int]]

    /// How many distinct parts the classes name.
    var partCount: Int { classesOfPart.count }

    /// The parts of `intents`; `nil` when no intent is a combination.
    package init?(intents: [String]) {
        guard intents.contains(where: { $0.contains(Self.separator) }) else { return nil }
        var index = [Substring: Int]()
        parts = intents.map { intent in
            var ids = [Int]()
            for part in intent.split(separator: Self.separator, omittingEmptySubsequences: true) {
                let id = index[part] ?? index.count
                index[part] = id
                if !ids.contains(id) { ids.append(id) }
            }
            return ids
        }
        var classesOfPart = [[Int]](repeating: [], count: index.count)
        for (c, classParts) in parts.enumerated() {
            for part in classParts { classesOfPart[part].append(c) }
        }
        self.classesOfPart = classesOfPart
    }

    /// How sure the classifier is of `class_`, from every class's probability: the least, over
    /// the parts of `class_`, of the summed probability of the classes that contain the part.
    package func confidence(of class_: Int, probabilities: [Float]) -> Double {
        precondition(probabilities.count == parts.count, "probabilities of another classifier")
        var least = Double.infinity
        for part in parts[class_] {
            least = min(least, classesOfPart[part].reduce(0) { $0 + Double(probabilities[$1]) })
        }
        return least == .infinity ? Double(probabilities[class_]) : least
    }
}
