#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's open-file limit, raised to what the web chat's connection cap needs.
enum FileDescriptorLimit {
    /// Raises the soft limit towards the hard one so `needed` descriptors fit; returns the soft
    /// limit now in force (nil when it cannot be read).
    @discardableResult
    static func raise(toFit needed: Int) -> Int? {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return nil }
        let wanted = rlim_t(max(0, needed))
        if limit.rlim_cur < wanted {
            var raised = limit
            raised.rlim_cur = min(wanted, limit.rlim_max)
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
        }
        return Int(clamping: limit.rlim_cur)
    }
}
