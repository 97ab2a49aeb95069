import Foundation
import Narration
import StoryDomain

/// The built-in offline voice: Debian's `espeak-ng` program (installed by `scripts/setup.sh`),
/// run as a subprocess with the text on its standard input — never through a shell, so no
/// text can become a command — and WAV read from its standard output. A calm bedtime pace
/// (130 words a minute, a lower pitch, a little space between words), in the story's language.
public struct EspeakVoice: VoiceProvider {
    public let name = "espeak-ng"
    public let isModelProvider = false
    /// The program: an absolute path, or a name looked up on `PATH`.
    public var program: String
    /// Words per minute (espeak-ng's `-s`; its default is 175).
    public var wordsPerMinute: Int
    /// 0–99 (espeak-ng's `-p`; its default is 50).
    public var pitch: Int
    /// The longest the program may take for one text.
    public var timeout: Duration
    private let worker = LowPriorityThread(name: "narration-espeak")

    public static let defaultWordsPerMinute = 130

    public init(program: String = "espeak-ng", wordsPerMinute: Int = Self.defaultWordsPerMinute, pitch: Int = 40,
                timeout: Duration = .seconds(120)) {
        self.program = program
        self.wordsPerMinute = min(260, max(80, wordsPerMinute))
        self.pitch = min(99, max(0, pitch))
        self.timeout = timeout
    }

    /// espeak-ng's voice for a story language, with a softer variant (`+f3`).
    public static func voice(for language: StoryLanguage) -> String {
        let base = switch language {
        case .english: "en-us"
        case .spanish: "es"
        case .french: "fr-fr"
        case .german: "de"
        case .italian: "it"
        case .portuguese: "pt"
        case .dutch: "nl"
        case .polish: "pl"
        }
        return base + "+f3"
    }

    public func voiceLabel(for language: StoryLanguage) -> String { "espeak-ng:\(Self.voice(for: language))" }

    /// The program's full path, or nil when it is not installed.
    public func resolvedProgram(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if program.contains("/") { return FileManager.default.isExecutableFile(atPath: program) ? program : nil }
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(program)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// espeak-ng sets loudness itself (`-a`), so a softer passage needs no scaling afterwards.
    public var controlsVolume: Bool { true }

    /// The arguments: no text among them (it goes to standard input). A wind-down passage's
    /// ``Prosody`` sets the rate (`-s`, at least 80), the pitch (`-p`) and the amplitude (`-a`,
    /// espeak-ng's 0–200, 100 as usual); the usual reading passes no `-a`.
    func arguments(for language: StoryLanguage, prosody: Prosody = .usual) -> [String] {
        let rate = min(260, max(80, Int((Double(wordsPerMinute) * prosody.rate).rounded())))
        let pitch = min(99, max(0, Int((Double(self.pitch) * prosody.pitch).rounded())))
        let amplitude = prosody.volume == 1 ? [] : ["-a", String(min(200, max(0, Int((100 * prosody.volume).rounded()))))]
        return ["--stdin", "--stdout", "-v", Self.voice(for: language), "-s", String(rate), "-p", String(pitch), "-g", "2"] + amplitude
    }

    public func speak(_ request: NarrationRequest) async throws -> SpokenPCM {
        guard let executable = resolvedProgram() else { throw EspeakError.notInstalled(program) }
        let arguments = arguments(for: request.language, prosody: request.prosody)
        let text = request.text
        let timeout = self.timeout
        let wav: Data = try await withCheckedThrowingContinuation { continuation in
            worker.submit {
                continuation.resume(with: Result { try Self.run(executable, arguments: arguments, input: text, timeout: timeout) })
            }
        }
        do {
            return SpokenPCM(audio: try WAVReader.read(wav))
        } catch {
            throw EspeakError.failed("its output was not readable audio (\(error))")
        }
    }

    /// Runs the program with `input` on standard input; returns its standard output.
    static func run(_ executable: String, arguments: [String], input: String, timeout: Duration) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        do {
            try process.run()
        } catch {
            throw EspeakError.failed("it could not be started (\(error.localizedDescription))")
        }
        // Feed the text from another thread while this one reads the output, so that neither
        // pipe can fill up and stall the program.
        let writer = Thread {
            try? stdin.fileHandleForWriting.write(contentsOf: Data(input.utf8) + Data("\n".utf8))
            try? stdin.fileHandleForWriting.close()
        }
        writer.start()
        let seconds = Double(timeout.components.seconds)
        let killer = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: killer)
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        let errors = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        killer.cancel()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let reason = process.terminationReason == .uncaughtSignal ? "it was stopped after \(Int(seconds)) s"
                : "it exited with status \(process.terminationStatus): " + String(decoding: errors.prefix(200), as: UTF8.self)
            throw EspeakError.failed(reason)
        }
        return output
    }
}

/// The built-in voice could not speak.
public enum EspeakError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The program is not installed (run `scripts/setup.sh`).
    case notInstalled(String)
    case failed(String)

    public var description: String {
        switch self {
        case let .notInstalled(program): "\(program) is not installed: run scripts/setup.sh (Debian package espeak-ng)"
        case let .failed(reason): "espeak-ng failed: \(reason)"
        }
    }
}
