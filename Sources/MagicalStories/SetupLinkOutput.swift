import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a fresh install's setup link goes: to the person at the terminal, or, when standard
/// output is a log (systemd, Docker), to a file only the service's user can read. Never to a log.
public enum SetupLinkOutput: Sendable {
    /// Shown to the person at the terminal (the closure prints it).
    case terminal(@Sendable (String) -> Void)
    /// Written to this file, mode 0600 (``SetupLinkFile``).
    case file(SetupLinkFile)

    /// On an interactive terminal, printed there; otherwise written to ``SetupLinkFile/location(for:)``.
    public static func standard(for config: AppConfig) -> SetupLinkOutput {
        isatty(STDOUT_FILENO) == 1
            ? .terminal { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) }
            : .file(SetupLinkFile(url: SetupLinkFile.location(for: config)))
    }
}
