#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A list of IP addresses and networks (`127.0.0.1`, `10.0.0.0/8`, `::1`, `fd00::/8`): the
/// reverse proxies whose forwarding headers are believed.
public struct AddressMatcher: Sendable, Equatable {
    struct Network: Sendable, Equatable {
        var bytes: [UInt8]
        var prefix: Int
    }

    let networks: [Network]

    /// An empty list: no proxy is trusted.
    public init() { networks = [] }

    /// Reads the list; throws the first entry that is not an address or network.
    public init(_ entries: [String]) throws(InvalidEntry) {
        networks = try entries.map { entry throws(InvalidEntry) in
            let parts = entry.split(separator: "/", maxSplits: 1)
            guard let address = parts.first.flatMap({ Self.bytes(of: String($0)) }) else { throw InvalidEntry(entry: entry) }
            let bits = address.count * 8
            guard let prefix = parts.count == 2 ? Int(parts[1]) : bits, (0...bits).contains(prefix) else {
                throw InvalidEntry(entry: entry)
            }
            return Network(bytes: address, prefix: prefix)
        }
    }

    /// An entry that is neither an address nor a network.
    public struct InvalidEntry: Error, Equatable {
        public let entry: String
        public init(entry: String) { self.entry = entry }
    }

    public var isEmpty: Bool { networks.isEmpty }

    /// Whether `address` (as a socket reports it) is in the list. IPv4 addresses seen as
    /// IPv6 (`::ffff:127.0.0.1`) match their IPv4 entries.
    public func contains(_ address: String) -> Bool {
        guard var bytes = Self.bytes(of: address) else { return false }
        if bytes.count == 16, bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xff, bytes[11] == 0xff {
            bytes = Array(bytes[12...])
        }
        return networks.contains { network in
            guard network.bytes.count == bytes.count else { return false }
            var remaining = network.prefix
            for index in bytes.indices where remaining > 0 {
                let mask: UInt8 = remaining >= 8 ? 0xff : ~(0xff >> UInt8(remaining))
                guard bytes[index] & mask == network.bytes[index] & mask else { return false }
                remaining -= 8
            }
            return true
        }
    }

    /// The address's bytes (4 or 16), or nil when it is not an IP address.
    static func bytes(of text: String) -> [UInt8]? {
        let trimmed = text.trimmingCharacters(in: [" ", "[", "]"])
        var v4 = in_addr()
        if inet_pton(AF_INET, trimmed, &v4) == 1 {
            return withUnsafeBytes(of: &v4) { Array($0) }
        }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, trimmed, &v6) == 1 {
            return withUnsafeBytes(of: &v6) { Array($0) }
        }
        return nil
    }
}

private extension String {
    func trimmingCharacters(in set: Set<Character>) -> String {
        String(drop(while: set.contains).reversed().drop(while: set.contains).reversed())
    }
}
