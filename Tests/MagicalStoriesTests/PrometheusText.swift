import Foundation

/// Prometheus text exposition as a test reads it: one sample per line, `name{label="value",…} number`.
struct PrometheusText {
    struct Sample: Equatable {
        var name: String
        var labels: [String: String]
        var value: Double
    }

    let samples: [Sample]
    let text: String

    init(_ text: String) {
        self.text = text
        samples = text.split(separator: "\n").compactMap { Self.parse(String($0)) }
    }

    /// The value of the one sample named `name` whose labels include `labels` (nil: none, or several).
    func value(_ name: String, _ labels: [String: String] = [:]) -> Double? {
        let matching = samples.filter { sample in sample.name == name && labels.allSatisfy { sample.labels[$0.key] == $0.value } }
        return matching.count == 1 ? matching[0].value : nil
    }

    /// The sum of every sample named `name` whose labels include `labels`.
    func sum(_ name: String, _ labels: [String: String] = [:]) -> Double {
        samples.filter { sample in sample.name == name && labels.allSatisfy { sample.labels[$0.key] == $0.value } }
            .reduce(0) { $0 + $1.value }
    }

    /// Whether any sample of the family `name` is present (histograms: `_count`, `_sum`, `_bucket`).
    func has(_ family: String) -> Bool {
        samples.contains { $0.name == family || $0.name == family + "_count" }
    }

    private static func parse(_ line: String) -> Sample? {
        guard !line.hasPrefix("#"), let space = line.lastIndex(of: " "), let value = Double(line[line.index(after: space)...])
        else { return nil }
        let series = line[..<space]
        guard let brace = series.firstIndex(of: "{") else { return Sample(name: String(series), labels: [:], value: value) }
        var labels: [String: String] = [:]
        var rest = series[series.index(after: brace)...].dropLast() // without the closing brace
        while let equals = rest.firstIndex(of: "=") {
            let key = rest[..<equals].trimmingCharacters(in: CharacterSet(charactersIn: ", "))
            var index = rest.index(equals, offsetBy: 2) // past `="`
            var text = ""
            while index < rest.endIndex, rest[index] != "\"" {
                if rest[index] == "\\" { index = rest.index(after: index) }
                text.append(rest[index])
                index = rest.index(after: index)
            }
            labels[key] = text
            rest = index < rest.endIndex ? rest[rest.index(after: index)...] : ""
        }
        return Sample(name: String(series[..<brace]), labels: labels, value: value)
    }
}
