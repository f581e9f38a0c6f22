import HTTPTypes

/// Which web pages of other origins a browser lets call the server (Cross-Origin Resource
/// Sharing, the Fetch standard §3.2): the origins `--cors-origin` names, exactly, or any (`*`);
/// none but the server's own when it names none.
/// Credentials are never allowed (no `Access-Control-Allow-Credentials`): the service has no
/// cookies, and `*` with credentials would let any page act as its user.
struct CORSPolicy: Sendable {
    private let origins: Set<String>
    private let anyOrigin: Bool

    /// How long a browser may reuse a preflight's answer, in seconds.
    static let preflightMaxAge = "600"

    /// The policy of `origins` (each `*` or `scheme://host[:port]`); with none, CORS is off.
    init(origins: [String]) {
        anyOrigin = origins.contains("*")
        self.origins = Set(origins.map { $0.lowercased() })
    }

    /// What is wrong with `origin` as a `--cors-origin` value, or `nil`: an origin is a scheme,
    /// `://`, a host and maybe a port, as a browser's `Origin` header writes it — no path, no
    /// trailing slash — or `*`.
    static func problem(with origin: String) -> String? {
        if origin == "*" { return nil }
        guard let separator = origin.range(of: "://") else { return "'\(origin)' is not an origin: write scheme://host[:port], such as https://app.example.com, or *" }
        let scheme = origin[..<separator.lowerBound], authority = origin[separator.upperBound...]
        guard !scheme.isEmpty, scheme.allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) }) else {
            return "'\(origin)': the scheme is not a URL scheme"
        }
        guard !authority.isEmpty, !authority.contains(where: { "/?#@ ".contains($0) }) else {
            return "'\(origin)': an origin has a host and maybe a port, no path, query or trailing slash"
        }
        return nil
    }

    /// Whether a page of `origin` (a request's `Origin` header) may call the server.
    func allows(_ origin: String) -> Bool { anyOrigin || origins.contains(origin) }

    /// Whether `origin` is the server's own as the request names it (`host`, its `Host`
    /// header): the playground's page calling the server that served it. Browsers send `Origin`
    /// on a same-origin POST too.
    static func isSameOrigin(_ origin: String, host: String?) -> Bool {
        guard let host, !host.isEmpty, let separator = origin.range(of: "://") else { return false }
        let scheme = origin[..<separator.lowerBound].lowercased()
        guard scheme == "http" || scheme == "https" else { return false }
        let authority = origin[separator.upperBound...].lowercased(), named = host.lowercased()
        // A default port may be written in one and left out of the other.
        let port = scheme == "https" ? ":443" : ":80"
        return authority == named || authority + port == named || authority == named + port
    }

    /// The headers of an answer to a request with an `Origin` header: the origin allowed, or
    /// none; `Vary: Origin` unless any origin is, as the answer then depends on it.
    func answerHeaders(origin: String) -> HTTPFields {
        var headers = HTTPFields()
        if allows(origin) { headers[.accessControlAllowOrigin] = anyOrigin ? "*" : origin }
        if !anyOrigin { headers[.vary] = "Origin" }
        return headers
    }

    /// The answer to a preflight (`OPTIONS` with `Access-Control-Request-Method`) from an
    /// allowed origin: the methods and the one request header the routes use.
    func preflightHeaders(origin: String) -> HTTPFields {
        var headers = answerHeaders(origin: origin)
        headers[.accessControlAllowMethods] = "GET, POST"
        headers[.accessControlAllowHeaders] = "Content-Type"
        headers[.accessControlMaxAge] = Self.preflightMaxAge
        return headers
    }
}
