/// How a slot tagger encodes slot spans as per-token labels.
///
/// Both read and write BIO tags at the edges (corpora, `intentkit tag`, ``BIOTag``); the scheme
/// is the tagger's internal alphabet. BILOU gives a slot's last token and single-token slots
/// labels of their own, so the model learns where names end as well as where they begin
/// (Ratinov & Roth 2009, "Design Challenges and Misconceptions in Named Entity Recognition", §3).
package enum LabelScheme: String, CaseIterable, Codable, Sendable {
    /// `O`, `B-x` (first token), `I-x` (every other token).
    case bio
    /// `O`, `B-x` (first of several), `I-x` (inner), `L-x` (last of several), `U-x` (single token).
    case bilou

    /// Labels per slot name.
    var labelsPerSlot: Int {
        switch self {
        case .bio: return 2
        case .bilou: return 4
        }
    }
}
