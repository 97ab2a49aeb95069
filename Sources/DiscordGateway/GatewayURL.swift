import Foundation

/// Builds gateway connection URLs with the query parameters Discord expects.
enum GatewayURL {
    /// `base` with `v=10&encoding=json` (and `compress=zlib-stream`), a `/` path when it has none,
    /// replacing any of those parameters already present.
    static func make(base: String, compress: Bool) -> String {
        guard var components = URLComponents(string: base) else { return base }
        if components.path.isEmpty { components.path = "/" }
        var items = [URLQueryItem(name: "v", value: "10"), URLQueryItem(name: "encoding", value: "json")]
        if compress { items.append(URLQueryItem(name: "compress", value: "zlib-stream")) }
        let names = Set(["v", "encoding", "compress"])
        let kept = (components.queryItems ?? []).filter { !names.contains($0.name) }
        components.queryItems = kept + items
        return components.string ?? base
    }
}
