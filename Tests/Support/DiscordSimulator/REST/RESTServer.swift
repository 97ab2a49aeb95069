import DiscordModels
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// Serves the REST API under `/api/v10`: checks authorization, applies rate limits, logs every
/// request, and hands it to the endpoint.
struct RESTServer: Sendable {
    /// The largest request body read (Discord allows 25 MiB per request).
    private static let maxRequestBytes = 25 * 1024 * 1024 + 64 * 1024

    let environment: SimulatorEnvironment
    let traffic: RESTTraffic
    let gatewayURL: @Sendable () -> String
    let remainingSessionStarts: @Sendable () -> Int

    func register(on router: Router<GatewayRequestContext>) {
        let callbacks = InteractionCallbackEndpoint(environment: environment)
        let webhooks = WebhookEndpoint(environment: environment)
        let channels = ChannelMessageEndpoint(environment: environment)
        let commands = CommandEndpoint(environment: environment)
        add(.gatewayBot, to: router) { _ throws(DiscordAPIError) in gatewayBot() }
        add(.currentUser, to: router) { _ throws(DiscordAPIError) in .json(environment.configuration.botUser) }
        add(.currentApplication, to: router) { _ throws(DiscordAPIError) in currentApplication() }
        add(.oauth2Application, to: router) { _ throws(DiscordAPIError) in currentApplication() }
        add(.interactionCallback, to: router, callbacks.respond)
        add(.createFollowUp, to: router, webhooks.createFollowUp)
        add(.getWebhookMessage, to: router, webhooks.get)
        add(.editWebhookMessage, to: router, webhooks.edit)
        add(.deleteWebhookMessage, to: router, webhooks.delete)
        add(.createDM, to: router, DirectMessageEndpoint(environment: environment).create)
        add(.applicationEmojis, to: router, AppEmojiEndpoint(environment: environment).list)
        add(.createApplicationEmoji, to: router, AppEmojiEndpoint(environment: environment).create)
        let polls = PollEndpoint(environment: environment)
        add(.createMessage, to: router, polls.creatingPolls(channels.create))
        add(.expirePoll, to: router, polls.expire)
        add(.editMessage, to: router, channels.edit)
        add(.overwriteGlobalCommands, to: router, commands.overwrite)
        add(.globalCommands, to: router, commands.list)
        add(.overwriteGuildCommands, to: router, commands.overwrite)
        add(.guildCommands, to: router, commands.list)
    }

    private func add(_ route: RESTRoute, to router: Router<GatewayRequestContext>,
                     _ endpoint: @escaping @Sendable (RESTRequest) throws(DiscordAPIError) -> RESTReply) {
        router.on(RouterPath("/api/v10" + route.template), method: route.method) { request, context in
            await respond(route, request: request, parameters: context.parameters, endpoint: endpoint)
        }
    }

    private func respond(_ route: RESTRoute, request: Request, parameters: Parameters,
                         endpoint: @Sendable (RESTRequest) throws(DiscordAPIError) -> RESTReply) async -> Response {
        traffic.begin(route)
        let arrived = environment.clock.now
        var headers = HTTPFields()
        let reply: RESTReply
        if route.authentication == .bot && request.headers[.authorization] != "Bot \(environment.configuration.token)" {
            reply = .error(.unauthorized)
        } else {
            let values = Self.parameterNames(route.template).reduce(into: [String: String]()) { values, name in
                values[name] = parameters.get(name)
            }
            let decision = traffic.admit(route, bucketKey: ([route.name] + route.majorParameters.map { values[$0] ?? "" }).joined(separator: " "),
                                         now: arrived, date: environment.clock.date)
            headers = decision.headers
            if let rejection = decision.rejection {
                reply = .json(DiscordErrorBody(code: nil, message: "You are being rate limited.",
                                               retryAfter: rejection.retryAfter, global: rejection.global),
                              status: .tooManyRequests)
            } else {
                let delay = environment.store.read { store in store.responseDelays.first { route.matches($0.key) }?.value }
                if let delay { try? await Task.sleep(for: delay) }
                if let injected = environment.store.update({ $0.takeInjectedError(for: route) }) {
                    reply = .error(injected)
                } else {
                    reply = await run(endpoint, request: request, parameters: values, arrived: arrived)
                }
            }
        }
        traffic.end(RecordedRequest(method: route.method.rawValue, route: route.template, status: reply.status.code, time: arrived))
        if let body = reply.body {
            headers[.contentType] = "application/json"
            return Response(status: reply.status, headers: headers, body: ResponseBody(byteBuffer: body))
        }
        return Response(status: reply.status, headers: headers)
    }

    private func run(_ endpoint: (RESTRequest) throws(DiscordAPIError) -> RESTReply, request: Request,
                     parameters: [String: String], arrived: ContinuousClock.Instant) async -> RESTReply {
        let body: ByteBuffer
        do {
            body = try await request.body.collect(upTo: Self.maxRequestBytes)
        } catch {
            return .error(.requestTooLarge)
        }
        let query = Dictionary(request.uri.queryParameters.map { (String($0.key), String($0.value)) }, uniquingKeysWith: { $1 })
        let input = RESTRequest(parameters: parameters, query: query, contentType: request.headers[.contentType], body: body,
                                arrivedAt: arrived)
        switch Result(catching: { () throws(DiscordAPIError) in try endpoint(input) }) {
        case let .success(reply): return reply
        case let .failure(error): return .error(error)
        }
    }

    private func gatewayBot() -> RESTReply {
        var limit = environment.configuration.sessionStartLimit
        limit.remaining = remainingSessionStarts()
        return .json(GatewayBot(url: gatewayURL(), shards: environment.configuration.recommendedShards, sessionStartLimit: limit))
    }

    /// The application object, with the fields Discord always sends.
    private func currentApplication() -> RESTReply {
        let configuration = environment.configuration
        return .json(DiscordPayload(base: ["id": JSONValue.string(configuration.applicationID.description),
                                           "name": .string(configuration.botUser.username), "flags": .int(0),
                                           "description": .string(""), "icon": .null, "bot_public": .bool(true),
                                           "bot_require_code_grant": .bool(false), "verify_key": .string("0"),
                                           "team": .null],
                                    extra: [("owner", configuration.botUser)]))
    }

    /// The `{placeholder}` names in a template.
    private static func parameterNames(_ template: String) -> [String] {
        template.split(separator: "/").compactMap { segment in
            segment.hasPrefix("{") && segment.hasSuffix("}") ? String(segment.dropFirst().dropLast()) : nil
        }
    }
}
