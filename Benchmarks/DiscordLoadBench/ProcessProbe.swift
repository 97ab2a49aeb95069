import Foundation

/// Reads a child process's CPU time and peak memory from `/proc` (Linux).
struct ProcessProbe {
    let pid: Int32

    /// Peak resident set size (VmHWM), in MiB.
    var peakMemoryMiB: Double? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kib = Double(line.split(whereSeparator: { $0 == " " || $0 == "\t" })[1])
        else { return nil }
        return kib / 1024
    }

    /// Resident memory now, split into private anonymous pages (heap, stacks: the process's own
    /// memory) and file-backed pages (the binary and shared libraries, clean and shareable), in MiB.
    var residentMiB: (anonymous: Double, file: Double)? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        func kib(_ key: String) -> Double? {
            status.split(separator: "\n").first(where: { $0.hasPrefix(key) })
                .flatMap { Double($0.split(whereSeparator: { $0 == " " || $0 == "\t" })[1]) }
        }
        guard let anonymous = kib("RssAnon:"), let file = kib("RssFile:") else { return nil }
        return (anonymous / 1024, file / 1024)
    }

    /// User + system CPU time, in seconds.
    var cpuSeconds: Double? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")")
        else { return nil }
        // Fields after the command name: state is field 3, utime 14, stime 15.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
}
