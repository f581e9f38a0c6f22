/// What the app says after carrying out an intent, for one outcome: "Your {soup} will be ready
/// in {waitTime}." Placeholders name the intent's parameters or its response parameters
/// (``IntentDefinition/responseParameters``); ``ResponseRenderer`` fills them in.
///
/// Modelled on the response codes of a SiriKit custom intent (an Intent Definition File's
/// `INIntentResponseCodes`), whose `${name}` placeholders become `{name}`.
public struct ResponseTemplate: Hashable, Sendable, Codable {
    /// The outcome this template answers: `success`, `failure`, or an app's own (`outOfStock`).
    public var code: String
    /// Whether the outcome means the intent was carried out.
    public var isSuccess: Bool
    /// The full response, with `{parameter}` placeholders.
    public var text: String
    /// A shorter form for small screens and voice, if the app has one.
    public var conciseText: String?

    /// Creates a template.
    public init(code: String, isSuccess: Bool = false, text: String, conciseText: String? = nil) {
        self.code = code
        self.isSuccess = isSuccess
        self.text = text
        self.conciseText = conciseText
    }
}
