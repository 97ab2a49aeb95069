import DiscordModels
import DiscordREST
import Testing

@Suite struct RouteTests {
    @Test func interactionRoutesKeepTheTokenOutOfTemplateAndDescription() {
        let token = "aW50ZXJhY3Rpb24.secret"
        let routes = [
            Route.createInteractionResponse(interactionID: 1, token: token),
            Route.editOriginalResponse(applicationID: 2, token: token),
            Route.createFollowup(applicationID: 2, token: token),
        ]
        for route in routes {
            #expect(route.isInteraction)
            #expect(route.path.contains(token))
            #expect(!route.template.contains(token))
            #expect(!route.description.contains(token))
            #expect(!route.majorParameter.contains(token))
        }
        #expect(routes[1].template == "/webhooks/{application_id}/{interaction_token}/messages/@original")
        #expect(routes[1].path == "/webhooks/2/\(token)/messages/@original")
        #expect(routes[1].description == "PATCH /webhooks/{application_id}/{interaction_token}/messages/@original")
    }

    @Test func majorParametersFollowDiscord() {
        #expect(Route.createMessage(channelID: 5).majorParameter == "channel:5")
        #expect(Route.editMessage(channelID: 5, messageID: 9).majorParameter == "channel:5")
        #expect(Route.bulkOverwriteCommands(applicationID: 1, guildID: 7).majorParameter == "guild:7")
        #expect(Route.bulkOverwriteCommands(applicationID: 1, guildID: nil).majorParameter == "")
        #expect(Route.createFollowup(applicationID: 1, token: "a").majorParameter
            != Route.createFollowup(applicationID: 1, token: "b").majorParameter)
        #expect(!Route.createMessage(channelID: 5).isInteraction)
    }

    @Test func configurationDescriptionRedactsTheToken() {
        let configuration = DiscordRESTConfiguration(token: "very-secret")
        #expect(!configuration.description.contains("very-secret"))
        #expect(configuration.apiURL == "https://discord.com/api/v10")
        #expect(configuration.userAgent == "DiscordBot (https://github.com/magical-stories, 1.0)")
    }

    @Test func errorClassification() {
        let unknown = DiscordRESTError.http(route: "/x", status: 404, code: 10062, message: "Unknown interaction")
        #expect(unknown.isUnknownInteraction && !unknown.isRetryable)
        #expect(DiscordRESTError.http(route: "/x", status: 400, code: 40060, message: "").isAlreadyAcknowledged)
        #expect(DiscordRESTError.http(route: "/x", status: 403, code: 50013, message: "").isMissingPermissions)
        #expect(DiscordRESTError.http(route: "/x", status: 502, code: nil, message: "").isRetryable)
        #expect(DiscordRESTError.rateLimited(route: "/x", retryAfter: .seconds(1)).isRetryable)
        #expect(!DiscordRESTError.decoding(route: "/x").isRetryable)
    }
}
