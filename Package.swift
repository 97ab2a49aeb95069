// swift-tools-version:6.1
import PackageDescription

/// Strict settings shared by every target: Swift 6 language mode is the package default.
let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

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
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        // Already resolved for AsyncHTTPClient: the web chat's built-in TLS costs no new package.
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.0"),
        // PostgreSQL as a second store (DATABASE_URL); only StoryStorePostgres and what links it pay for it.
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        // Already resolved for postgres-nio: SHA-256 of web chat secrets in the PostgreSQL store.
        .package(url: "https://github.com/apple/swift-crypto.git", "3.12.0"..<"5.0.0"),
    ],
    targets: [
        // MARK: Core
        // The one deadline/race helper and the one backoff (standard library only).
        .target(name: "ConcurrencyKit", swiftSettings: strict),
        .target(name: "StoryDomain", dependencies: ["ConcurrencyKit"], swiftSettings: strict),
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
        // MARK: Text art: the Textify engine (standard library only) and its decoding step
        .target(name: "Textify", swiftSettings: strict),
        .systemLibrary(
            name: "CTurboJPEG",
            pkgConfig: "libturbojpeg",
            providers: [.apt(["libturbojpeg0-dev"])]
        ),
        .systemLibrary(
            name: "CWebP",
            pkgConfig: "libwebp",
            providers: [.apt(["libwebp-dev"])]
        ),
        // MARK: Read aloud: Ogg/Opus encoding of spoken pages (libopusenc)
        .systemLibrary(
            name: "COpusEnc",
            pkgConfig: "libopusenc",
            providers: [.apt(["libopusenc-dev", "libopus-dev"])]
        ),
        .target(name: "Narration", dependencies: ["COpusEnc"], swiftSettings: strict),
        .target(
            name: "ImageDecoding",
            dependencies: ["Textify", "CZlib", "CTurboJPEG", "CWebP"],
            swiftSettings: strict
        ),
        // MARK: Picture books: a story as a PDF drawn with Cairo
        .target(
            name: "PictureBook",
            dependencies: ["StoryDomain", "ImageDecoding", "CCairo", "CTurboJPEG", "CZlib"],
            swiftSettings: strict
        ),
        .target(
            name: "StoryProviders",
            dependencies: [
                "StoryDomain", "ConcurrencyKit", "CCairo", "CZlib", "ImageDecoding", "Narration",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: strict
        ),
        // Storage written once: statements, rows, the executor protocol and the ports over it.
        .target(
            name: "StoreSQL",
            dependencies: ["StoryDomain", .product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: strict
        ),
        .target(
            name: "StoryStore",
            dependencies: ["StoryDomain", "StoreSQL", .product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: strict
        ),
        .target(
            name: "StoryStorePostgres",
            dependencies: [
                "StoryDomain", "StoreSQL", "ConcurrencyKit",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            swiftSettings: strict
        ),
        .target(
            name: "StoryBot",
            dependencies: ["StoryDomain", "Textify", .product(name: "Logging", package: "swift-log")],
            swiftSettings: strict
        ),

        // MARK: Adapters
        .target(
            name: "WebChat",
            dependencies: [
                "StoryBot", "StoryDomain", "Textify",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "WSCore", package: "swift-websocket"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
            ],
            swiftSettings: strict
        ),

        // MARK: Discord
        .target(name: "DiscordModels", swiftSettings: strict),
        .target(
            name: "DiscordGateway",
            dependencies: [
                "DiscordModels", "ConcurrencyKit", "CZlib",
                .product(name: "WSClient", package: "swift-websocket"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strict
        ),
        .target(
            name: "DiscordREST",
            dependencies: [
                "DiscordModels", "ConcurrencyKit",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: strict
        ),
        .target(
            name: "DiscordAdapter",
            dependencies: [
                "DiscordModels", "DiscordGateway", "DiscordREST", "StoryBot", "StoryDomain", "Textify", "ConcurrencyKit",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
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

        // MARK: Telegram
        .target(
            name: "TelegramBotAPI",
            dependencies: [
                "ConcurrencyKit",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: strict
        ),
        .target(
            name: "TelegramAdapter",
            dependencies: [
                "TelegramBotAPI", "StoryBot", "StoryDomain", "ConcurrencyKit",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strict
        ),
        .target(
            name: "TelegramSimulator",
            dependencies: [
                "ProviderFakes",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            path: "Tests/Support/TelegramSimulator",
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

        // MARK: Test support: in-memory fakes of the domain's ports and a manual clock
        .target(
            name: "StoryTestSupport",
            dependencies: ["StoryDomain", "StoreSQL", .product(name: "Logging", package: "swift-log")],
            path: "Tests/Support/StoryTestSupport",
            swiftSettings: strict
        ),

        // MARK: Test support: PNG, JPEG and WebP encoders for pictures made in the tests
        .target(
            name: "ImageTestEncoders",
            dependencies: ["CZlib", "CTurboJPEG", "CWebP"],
            path: "Tests/Support/ImageTestEncoders",
            swiftSettings: strict
        ),

        // MARK: Test support: a private PostgreSQL cluster on loopback
        .target(
            name: "PostgresTestSupport",
            path: "Tests/Support/PostgresTestSupport",
            swiftSettings: strict
        ),

        // MARK: Operations: what an operator runs (consoles, backups, copy-to, periodic jobs)
        .target(
            name: "Operations",
            dependencies: [
                "StoryDomain", "StoryBot", "StoryStore", "StoryStorePostgres", "PictureBook",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strict
        ),

        // MARK: Composition root and executables
        .target(
            name: "MagicalStories",
            dependencies: [
                "Operations", "StoryDomain", "StoryStore", "StoryStorePostgres", "StoryProviders", "StoryBot", "WebChat",
                "DiscordModels", "DiscordGateway", "DiscordREST", "DiscordAdapter", "Textify", "ImageDecoding", "PictureBook",
                "TelegramBotAPI", "TelegramAdapter",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "SystemPackage", package: "swift-system"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "magical-stories",
            dependencies: [
                "MagicalStories", "Operations", "StoryBot", "StoryDomain", "StoryProviders", "StoryStore", "Textify", "ImageDecoding",
                "PictureBook",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "MagicalStoriesBench",
            dependencies: [
                "MagicalStories", "StoryDomain", "StoryStore", "StoryProviders", "StoryBot", "ProviderFakes", "WebChat",
                "Textify", "ImageDecoding",
                // The shared storage layer's cost per statement is measured against GRDB used directly.
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
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
            dependencies: ["DiscordSimulator", "DiscordModels", "PostgresTestSupport", .product(name: "Logging", package: "swift-log")],
            path: "Benchmarks/DiscordLoadBench",
            swiftSettings: strict
        ),

        // MARK: Tests
        .testTarget(name: "DiscordModelsTests", dependencies: ["DiscordModels"], swiftSettings: strict),
        .testTarget(name: "ConcurrencyKitTests", dependencies: ["ConcurrencyKit", "StoryDomain", "StoryTestSupport"], swiftSettings: strict),
        .testTarget(name: "ArchitectureDocTests", swiftSettings: strict),
        .testTarget(
            name: "DiscordGatewayTests",
            dependencies: ["DiscordGateway", "DiscordModels", "CZlib", "StoryDomain", "StoryTestSupport", .product(name: "Logging", package: "swift-log"),
                           .product(name: "ServiceLifecycle", package: "swift-service-lifecycle")],
            swiftSettings: strict
        ),
        .testTarget(
            name: "DiscordRESTTests",
            dependencies: [
                "DiscordREST", "DiscordModels", "StoryTestSupport",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
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
        .testTarget(
            name: "TelegramBotAPITests",
            dependencies: [
                "TelegramBotAPI", "TelegramSimulator", "ProviderFakes",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "TelegramAdapterTests",
            dependencies: [
                "TelegramAdapter", "TelegramBotAPI", "TelegramSimulator", "ProviderFakes", "MagicalStories", "Operations", "StoryBot", "StoryDomain",
                "ConcurrencyKit",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strict
        ),
        .testTarget(name: "TextifyTests", dependencies: ["Textify"], swiftSettings: strict),
        .testTarget(name: "NarrationTests", dependencies: ["Narration"], swiftSettings: strict),
        .testTarget(
            name: "PictureBookTests",
            dependencies: ["PictureBook", "StoryDomain", "StoryProviders", "StoryTestSupport", "ImageTestEncoders", "CZlib"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "ImageDecodingTests",
            dependencies: ["ImageDecoding", "Textify", "ImageTestEncoders", "StoryProviders", "StoryDomain"],
            swiftSettings: strict
        ),
        .testTarget(name: "StoryDomainTests", dependencies: ["StoryDomain", "StoryTestSupport"], swiftSettings: strict),
        .testTarget(
            name: "StoryProvidersTests",
            dependencies: [
                "StoryProviders", "StoryDomain", "ProviderFakes", "CZlib", "Narration", "StoryTestSupport",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "StoryStoreTests",
            dependencies: [
                "StoryStore", "StoryStorePostgres", "StoryDomain", "StoryTestSupport", "PostgresTestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "StoryStorePostgresTests",
            dependencies: [
                "StoryStorePostgres", "ConcurrencyKit", "StoryDomain", "StoryTestSupport", "PostgresTestSupport",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "StoryBotTests",
            dependencies: ["StoryBot", "StoryDomain", "StoryTestSupport", .product(name: "Logging", package: "swift-log")],
            swiftSettings: strict
        ),
        .testTarget(
            name: "WebChatTests",
            dependencies: [
                "WebChat", "StoryBot", "StoryDomain", "StoryTestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "WSClient", package: "swift-websocket"),
                .product(name: "WSCore", package: "swift-websocket"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "DiscordAdapterTests",
            dependencies: [
                "DiscordAdapter", "DiscordGateway", "DiscordModels", "DiscordREST", "StoryBot", "StoryDomain", "Textify",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "OperationsTests",
            dependencies: [
                "Operations", "MagicalStories", "StoryDomain", "StoryStore", "StoryBot", "StoryTestSupport",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "MagicalStoriesTests",
            dependencies: [
                "MagicalStories", "Operations", "StoryDomain", "StoryStore", "StoryStorePostgres", "StoryBot", "WebChat", "StoryProviders",
                "DiscordSimulator", "DiscordModels", "DiscordAdapter", "DiscordREST", "ProviderFakes", "StoryTestSupport", "PostgresTestSupport",
                "PictureBook", "ImageDecoding",
                "Narration",
                .product(name: "WSClient", package: "swift-websocket"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            swiftSettings: strict
        ),
    ]
)
