import Foundation
import Testing

/// docs/architecture.md's target table against Package.swift: every target has a row, and each
/// target depends only on what its row allows.
@Suite("The architecture document matches Package.swift")
struct ArchitectureDocTests {
    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The rows of the "may import" table: target → allowed names, nil for `any`.
    private static func allowedImports() throws -> [String: Set<String>?] {
        let doc = try String(contentsOf: root.appending(path: "docs/architecture.md"), encoding: .utf8)
        var rows: [String: Set<String>?] = [:]
        for line in doc.split(separator: "\n") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 5, let name = cells[1].firstMatch(of: /^`([^`]+)`$/)?.output.1 else { continue }
            let allowed = cells[3]
            guard allowed != "any" else {
                rows[String(name)] = .some(nil)
                continue
            }
            rows[String(name)] = Set(allowed.matches(of: /`([^`]+)`/).map { String($0.output.1) })
        }
        return rows
    }

    private static func manifest() throws -> PackageManifestText {
        PackageManifestText(try String(contentsOf: root.appending(path: "Package.swift"), encoding: .utf8))
    }

    @Test("the manifest reader finds targets, plain dependencies and products")
    func readsTheManifest() throws {
        let manifest = PackageManifestText("""
            .target(name: "A", swiftSettings: strict),
            .systemLibrary(name: "CLib", pkgConfig: "lib", providers: [.apt(["lib-dev"])]),
            .target(
                name: "B",
                dependencies: ["A", "CLib", .product(name: "Logging", package: "swift-log")],
                path: "Somewhere"
            ),
            .testTarget(name: "BTests", dependencies: ["B"]),
            """)
        #expect(manifest.dependencies == ["A": [], "CLib": [], "B": ["A", "CLib", "Logging"], "BTests": ["B"]])
        #expect(try Self.manifest().dependencies.count > 30, "the real manifest is read")
    }

    @Test("every target in Package.swift has a row in docs/architecture.md")
    func everyTargetDocumented() throws {
        let documented = Set(try Self.allowedImports().keys)
        let missing = Set(try Self.manifest().dependencies.keys).subtracting(documented)
        #expect(missing.isEmpty, "not in docs/architecture.md's target table: \(missing.sorted())")
        let stale = documented.subtracting(try Self.manifest().dependencies.keys)
        #expect(stale.isEmpty, "in docs/architecture.md but not in Package.swift: \(stale.sorted())")
    }

    @Test("each target depends only on what its row allows")
    func dependenciesAllowed() throws {
        let allowed = try Self.allowedImports()
        for (target, dependencies) in try Self.manifest().dependencies.sorted(by: { $0.key < $1.key }) {
            guard let row = allowed[target], let names = row else { continue }
            let extra = dependencies.subtracting(names)
            #expect(extra.isEmpty, "\(target) depends on \(extra.sorted()), which docs/architecture.md does not allow it")
        }
    }
}
