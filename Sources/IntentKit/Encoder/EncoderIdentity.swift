/// Which sentence encoder a model was trained with: enough to find it again and to refuse
/// another in its place.
public struct EncoderIdentity: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The encoder's directory name (``SentenceEncoder/name``).
    public var name: String
    /// CRC-32 of the encoder's `config.json`, `vocab.txt` and `model.safetensors`, in that order:
    /// the vectors are a function of these three files alone.
    public var checksum: UInt32
    /// The length of its vectors.
    public var dimension: Int
    /// The longest vectors a model file may say its encoder has: far above any BERT-family
    /// encoder's (384 to 1,024), and a bound on the sizes a hostile file makes a reader compute.
    static let maximumDimension = 1 << 16
    /// The directory it was loaded from, where loading a model looks first.
    public var directory: String

    public init(name: String, checksum: UInt32, dimension: Int, directory: String) {
        self.name = name
        self.checksum = checksum
        self.dimension = dimension
        self.directory = directory
    }

    /// Whether `other` is the same encoder (the same files), wherever it lies.
    public func isSameEncoder(as other: EncoderIdentity) -> Bool {
        checksum == other.checksum && dimension == other.dimension
    }

    /// The checksum as eight hexadecimal digits.
    public var checksumText: String {
        let digits = String(checksum, radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }

    public var description: String { "\(name) (\(dimension) dimensions, checksum \(checksumText))" }
}
