import Foundation

/// Which picture format a browser is sent, from its `Accept` header.
enum PictureNegotiation {
    /// True when `accept` names `image/webp` with a quality above 0. `image/*` alone is not
    /// enough: Safari before 14 sent it and showed no WebP.
    static func acceptsWebP(_ accept: String?) -> Bool {
        guard let accept else { return false }
        for range in accept.split(separator: ",") {
            let parts = range.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard let type = parts.first, type == "image/webp" else { continue }
            let quality = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            if quality > 0 { return true }
        }
        return false
    }
}
