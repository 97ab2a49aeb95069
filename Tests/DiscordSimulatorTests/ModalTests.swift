import AsyncHTTPClient
import DiscordModels
import DiscordSimulator
import Foundation
import NIOCore
import NIOHTTP1
import Testing

/// Modals as Discord checks them, and the MODAL_SUBMIT a person sends (with an uploaded file).
@Suite("Simulated modals")
struct ModalTests {
    private func withSimulator(_ body: (DiscordSimulator, RESTTestClient) async throws -> Void) async throws {
        try await withRESTSimulator(body)
    }

    static let fileLabel = #"{"type":18,"label":"A drawing","description":"a drawing, no photos of people","component":{"type":19,"custom_id":"drawing","min_values":0,"max_values":1,"required":false}}"#
    static let themeLabel = #"{"type":18,"label":"Theme","component":{"type":4,"custom_id":"theme","style":1,"max_length":200}}"#

    static func modal(_ components: [String], title: String = "A form") -> String {
        #"{"type":9,"data":{"custom_id":"form","title":"\#(title)","components":[\#(components.joined(separator: ","))]}}"#
    }

    @Test("a modal Discord would refuse is refused: Label rules, types, counts, lengths, option limits, duplicates")
    func refusals() async throws {
        try await withSimulator { simulator, rest in
            let radio = { (count: Int) in
                let options = (0..<count).map { #"{"label":"o\#($0)","value":"v\#($0)"}"# }.joined(separator: ",")
                return #"{"type":18,"label":"Age","component":{"type":21,"custom_id":"age","options":[\#(options)]}}"#
            }
            let bad: [(String, String)] = [
                ("six top-level components", Self.modal(Array(repeating: Self.themeLabel, count: 6))),
                ("a title over 45", Self.modal([Self.themeLabel], title: String(repeating: "t", count: 46))),
                ("a button in a modal", Self.modal([#"{"type":2,"style":1,"label":"x","custom_id":"b"}"#])),
                ("a label without its component", Self.modal([#"{"type":18,"label":"Theme"}"#])),
                ("a button inside a label", Self.modal([#"{"type":18,"label":"x","component":{"type":2,"style":1,"custom_id":"b"}}"#])),
                ("a text input with its own label inside a label",
                 Self.modal([#"{"type":18,"label":"x","component":{"type":4,"custom_id":"t","style":1,"label":"y"}}"#])),
                ("a radio group of one", Self.modal([radio(1)])),
                ("a radio group of eleven", Self.modal([radio(11)])),
                ("a checkbox group with min 0 but required",
                 Self.modal([#"{"type":18,"label":"x","component":{"type":22,"custom_id":"c","min_values":0,"options":[{"label":"a","value":"a"}]}}"#])),
                ("a file upload of eleven",
                 Self.modal([#"{"type":18,"label":"x","component":{"type":19,"custom_id":"f","max_values":11}}"#])),
                ("duplicated custom ids", Self.modal([Self.themeLabel, Self.themeLabel])),
                ("a custom id over 100",
                 Self.modal([#"{"type":18,"label":"x","component":{"type":4,"style":1,"custom_id":"\#(String(repeating: "c", count: 101))"}}"#])),
            ]
            for (what, body) in bad {
                let interaction = simulator.makeSlashCommand(subcommand: "new")
                await simulator.sendInteraction(interaction)
                let response = try await rest.send(.POST, "/interactions/\(interaction.id)/\(interaction.token)/callback", json: body)
                #expect(response.status == 400 && response.error?.code == 50035, "\(what)")
            }
        }
    }

    @Test("a valid modal opens; its submit echoes each Label's input and carries the upload, downloadable at its url")
    func submitWithUpload() async throws {
        try await withSimulator { simulator, rest in
            let command = simulator.makeSlashCommand(name: "cast", subcommand: "add")
            await simulator.sendInteraction(command)
            let opened = try await rest.send(.POST, "/interactions/\(command.id)/\(command.token)/callback",
                                             json: Self.modal([Self.themeLabel, Self.fileLabel]))
            #expect(opened.status == 204)
            #expect(simulator.openedModal(interactionID: command.id)?.components.count == 2)

            let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 42])
            #expect(throws: ModalSubmitError.self) {
                try simulator.makeModalSubmit(answering: command, answers: ["drawing": .files([])])
            }
            let upload = ModalUpload(filename: "leo.png", contentType: "image/png", data: png)
            #expect(throws: ModalSubmitError.self, "one file at most") {
                try simulator.makeModalSubmit(answering: command, answers: ["theme": .text("x"), "drawing": .files([upload, upload])])
            }
            let submit = try simulator.makeModalSubmit(answering: command, answers: ["theme": .text("Leo"), "drawing": .files([upload])])
            #expect(submit.type == .modalSubmit && submit.data?.customID == "form")
            let echo = try #require(submit.data?.components)
            #expect(echo.map(\.type) == [18, 18] && echo.map { $0.child?.type } == [4, 19])
            #expect(echo[0].child?.value == "Leo")
            let id = try #require(echo[1].child?.values?.first)
            let attachment = try #require(submit.data?.resolved?.attachments?[id])
            #expect(attachment.filename == "leo.png" && attachment.size == png.count && attachment.contentType == "image/png")
            let download = try await HTTPClient.shared.execute(HTTPClientRequest(url: attachment.url), timeout: .seconds(10))
            let bytes = try await download.body.collect(upTo: 1 << 20)
            #expect(download.status.code == 200 && Data(bytes.readableBytesView) == png)

            // Submitted, it is an interaction like any other: a deferral is a valid answer, a modal is not.
            await simulator.sendInteraction(submit)
            let again = try await rest.send(.POST, "/interactions/\(submit.id)/\(submit.token)/callback",
                                            json: Self.modal([Self.themeLabel]))
            #expect(again.status == 400)
            let deferred = try await rest.send(.POST, "/interactions/\(submit.id)/\(submit.token)/callback", json: #"{"type":5}"#)
            #expect(deferred.status == 204)
        }
    }
}
