/// The version of this IntentKit build (semantic versioning). Models record the version that
/// wrote them (`intentkit inspect` shows it); the model file format has its own version,
/// ``ModelFileFormat``, which is what decides whether a model can be read.
public enum IntentKitVersion {
    /// `MAJOR.MINOR.PATCH`.
    public static let current = "0.6.0"
}
