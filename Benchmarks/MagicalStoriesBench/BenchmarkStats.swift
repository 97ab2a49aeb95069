import Foundation

/// Summary statistics of repeated timings, in milliseconds.
struct BenchmarkStats {
    let name: String
    let samples: [Double]

    init(name: String, durations: [Duration]) {
        self.name = name
        samples = durations.map { Double($0.components.seconds) * 1_000 + Double($0.components.attoseconds) / 1e15 }.sorted()
    }

    func percentile(_ p: Double) -> Double {
        guard !samples.isEmpty else { return 0 }
        let index = min(samples.count - 1, Int((Double(samples.count) * p).rounded(.up)) - 1)
        return samples[max(0, index)]
    }

    var line: String {
        func format(_ value: Double) -> String {
            value < 1 ? String(format: "%.3f", value) : String(format: "%.1f", value)
        }
        return [name.padding(toLength: 44, withPad: " ", startingAt: 0),
                String(samples.count).leftPad(6),
                format(samples.first ?? 0).leftPad(10), format(percentile(0.5)).leftPad(10),
                format(percentile(0.9)).leftPad(10), format(percentile(0.99)).leftPad(10),
                format(samples.last ?? 0).leftPad(10)].joined()
    }

    static var header: String {
        "benchmark".padding(toLength: 44, withPad: " ", startingAt: 0) + "runs".leftPad(6)
            + ["min ms", "p50 ms", "p90 ms", "p99 ms", "max ms"].map { $0.leftPad(10) }.joined()
    }
}

extension String {
    func leftPad(_ width: Int) -> String { count >= width ? self : String(repeating: " ", count: width - count) + self }
}
