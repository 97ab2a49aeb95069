// swift-tools-version:6.1
import Foundation
import PackageDescription

/// Strict settings shared by every target: Swift 6 language mode is the package default.
let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

/// How the release service binary is linked on Linux: with lld, the functions listed in
/// `scripts/hot-code.order` (the ones the service runs, from `scripts/profile-hot-code.sh`) packed
/// together at the front of the code, and relative relocations packed (`DT_RELR`, glibc 2.36+). The
/// kernel maps code 64 KB around every page touched, so packed code keeps ~8 MiB less of the binary
/// resident. The packing needs every function in a section of its own, which only command-line
/// flags can ask of the dependencies: `scripts/build-release.sh` passes them. Without lld or the
/// list, the link is the toolchain's default.
let codeLayout: [LinkerSetting] = {
    let order = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("scripts/hot-code.order").path
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    let hasLLD = path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/ld.lld") }
    guard hasLLD, FileManager.default.fileExists(atPath: order) else { return [] }
    var flags = ["-use-ld=lld", "-Xlinker", "--symbol-ordering-file=\(order)", "-Xlinker", "--no-warn-symbol-ordering"]
    #if canImport(Glibc)
    var buffer = [CChar](repeating: 0, count: 64) // "glibc 2.36"
    if confstr(Int32(_CS_GNU_LIBC_VERSION), &buffer, buffer.count) > 0,
       let version = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self).split(separator: " ").last,
       !version.split(separator: ".").compactMap({ Int($0) }).lexicographicallyPrecedes([2, 36]) {
        flags += ["-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"]
    }
    #endif
    return [.unsafeFlags(flags, .when(platforms: [.linux], configuration: .release))]
}()

let package = Package(
    name: "magical-stories",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "magical-stories", targets: ["magical-stories"]),
        .executable(name: "magical-stories-bench", targets: ["MagicalStoriesBench"]),
        .executable(name: "discord-load-bench", targets: ["DiscordLoadBench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket.git", from: "2.8.1"),
        .package(url: "https://github.com/hummingbird-project/swift-websocket.git", from: "1.6.2"),
        .package(url: "https://github.com/apple/swift-configuration.git", from: "1.4.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-system.git", from: "1.8.1"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
    ],
    targets: [
        // MARK: Core
        .target(name: "StoryDomain", swiftSettings: strict),
        .systemLibrary(
            name: "CCairo",
            pkgConfig: "cairo",
            providers: [.apt(["libcairo2-dev"])]
        ),
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        .target(
            name: "StoryProviders",
            dependencies: [
                "StoryDomain", "CCairo", "CZlib",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: strict
        ),
        .target(
            name: "StoryStore",
            dependencies: ["StoryDomain", .product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: strict
        ),
        .target(
            name: "StoryBot",
            dependencies: ["StoryDomain", .product(name: "Logging", package: "swift-log")],
            swiftSettings: strict
        ),

        // MARK: Adapters
        .target(
            name: "WebChat",
            dependencies: [
                "StoryBot", "StoryDomain",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: strict
        ),

        // MARK: Discord
        .target(name: "DiscordModels", swiftSettings: strict),
        .target(
            name: "DiscordGateway",
            dependencies: [
                "DiscordModels", "CZlib",
                .product(name: "WSClient", package: "swift-websocket"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strict
        ),
        .target(
            name: "DiscordREST",
            dependencies: [
                "DiscordModels",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        .target(
            name: "DiscordAdapter",
            dependencies: [
                "DiscordModels", "DiscordGateway", "DiscordREST", "StoryBot", "StoryDomain",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        .target(
            name: "DiscordSimulator",
            dependencies: [
                "DiscordModels", "CZlib",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            path: "Tests/Support/DiscordSimulator",
            swiftSettings: strict
        ),

        // MARK: Test support: loopback fakes of the model providers
        .target(
            name: "ProviderFakes",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            path: "Tests/Support/ProviderFakes",
            swiftSettings: strict
        ),

        // MARK: Composition root and executables
        .target(
            name: "MagicalStories",
            dependencies: [
                "StoryDomain", "StoryStore", "StoryProviders", "StoryBot", "WebChat",
                "DiscordModels", "DiscordGateway", "DiscordREST", "DiscordAdapter",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "magical-stories",
            dependencies: [
                "MagicalStories", "StoryBot", "StoryDomain", "StoryProviders", "StoryStore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strict,
            linkerSettings: codeLayout
        ),
        .executableTarget(
            name: "MagicalStoriesBench",
            dependencies: [
                "MagicalStories", "StoryDomain", "StoryStore", "StoryProviders", "StoryBot", "ProviderFakes",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "WSClient", package: "swift-websocket"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            path: "Benchmarks/MagicalStoriesBench",
            swiftSettings: strict
        ),

        .executableTarget(
            name: "DiscordLoadBench",
            dependencies: ["DiscordSimulator", "DiscordModels", .product(name: "Logging", package: "swift-log")],
            path: "Benchmarks/DiscordLoadBench",
            swiftSettings: strict
        ),

        // MARK: Tests
        .testTarget(name: "DiscordModelsTests", dependencies: ["DiscordModels"], swiftSettings: strict),
        .testTarget(
            name: "DiscordGatewayTests",
            dependencies: ["DiscordGateway", "DiscordModels", "CZlib", .product(name: "Logging", package: "swift-log")],
            swiftSettings: strict
        ),
        .testTarget(
            name: "DiscordRESTTests",
            dependencies: [
                "DiscordREST", "DiscordModels",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "DiscordSimulatorTests",
            dependencies: [
                "DiscordSimulator", "DiscordModels", "CZlib",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "WSClient", package: "swift-websocket"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ],
            swiftSettings: strict
        ),
        .testTarget(name: "StoryDomainTests", dependencies: ["StoryDomain"], swiftSettings: strict),
        .testTarget(
            name: "StoryProvidersTests",
            dependencies: [
                "StoryProviders", "StoryDomain", "ProviderFakes", "CZlib",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "StoryStoreTests",
            dependencies: ["StoryStore", "StoryDomain", .product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: strict
        ),
        .testTarget(name: "StoryBotTests", dependencies: ["StoryBot", "StoryDomain"], swiftSettings: strict),
        .testTarget(
            name: "MagicalStoriesTests",
            dependencies: [
                "MagicalStories", "StoryDomain", "StoryStore", "StoryBot", "WebChat", "StoryProviders",
                "DiscordSimulator", "DiscordModels", "DiscordAdapter", "ProviderFakes",
                .product(name: "WSClient", package: "swift-websocket"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: strict
        ),
    ]
)
