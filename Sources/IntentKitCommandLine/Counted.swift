/// `count` with its noun in the number it needs: "1 intent", "26 intents", "0 utterances".
/// `plural` for nouns that do not take an s ("1 entity", "3 entities").
func counted(_ count: Int, _ singular: String, _ plural: String? = nil) -> String {
    "\(count) \(count == 1 ? singular : plural ?? singular + "s")"
}
