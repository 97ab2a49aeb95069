/// The targets of `Package.swift` and their dependencies, read from its text (the manifest keeps
/// one `.target(name: …)`-style declaration per target, dependencies as plain names or
/// `.product(name: …)`).
struct PackageManifestText {
    /// Each target's name and the names of the targets and products it depends on.
    let dependencies: [String: Set<String>]

    init(_ text: String) {
        var dependencies: [String: Set<String>] = [:]
        let declarations = Self.ranges(of: /\.(?:target|systemLibrary|executableTarget|testTarget)\(/, in: text)
        for (index, start) in declarations.enumerated() {
            let end = index + 1 < declarations.count ? declarations[index + 1] : text.endIndex
            let declaration = text[start..<end]
            guard let name = declaration.firstMatch(of: /name:\s*"([^"]+)"/)?.output.1 else { continue }
            dependencies[String(name)] = Self.dependencyNames(in: declaration)
        }
        self.dependencies = dependencies
    }

    private static func ranges(of pattern: some RegexComponent, in text: String) -> [String.Index] {
        text.matches(of: pattern).map(\.range.lowerBound)
    }

    /// The names in the declaration's `dependencies: [ … ]` list.
    private static func dependencyNames(in declaration: Substring) -> Set<String> {
        guard let opening = declaration.firstMatch(of: /dependencies:\s*\[/)?.range.upperBound else { return [] }
        var depth = 1
        var cursor = opening
        while cursor < declaration.endIndex, depth > 0 {
            switch declaration[cursor] {
            case "[": depth += 1
            case "]": depth -= 1
            default: break
            }
            cursor = declaration.index(after: cursor)
        }
        var list = String(declaration[opening..<cursor])
        var names = Set<String>()
        for product in list.matches(of: /\.product\(\s*name:\s*"([^"]+)"[^)]*\)/) {
            names.insert(String(product.output.1))
        }
        list.replace(/\.product\([^)]*\)/, with: "")
        for target in list.matches(of: /"([^"]+)"/) {
            names.insert(String(target.output.1))
        }
        return names
    }
}
