#if canImport(Glibc)
import Glibc
#endif

/// Process-wide allocator settings for the long-running service.
enum MemoryTuning {
    /// glibc gives each busy thread its own malloc arena (up to 8 per core); with NIO, dispatch
    /// and SQLite threads all allocating during a burst, freed memory stays spread over many
    /// arenas. Two arenas keep the service's peak memory down (measured in the Discord load
    /// benchmark: 98 → 86 MiB) at no measurable cost in latency. `MALLOC_ARENA_MAX` in the
    /// environment still wins.
    static func apply() {
        #if canImport(Glibc)
        // `mallopt` lives in <malloc.h>, which the Glibc module does not export: look it up.
        guard getenv("MALLOC_ARENA_MAX") == nil, let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        let mArenaMax: Int32 = -8 // M_ARENA_MAX
        _ = unsafeBitCast(symbol, to: Mallopt.self)(mArenaMax, 2)
        #endif
    }
}
