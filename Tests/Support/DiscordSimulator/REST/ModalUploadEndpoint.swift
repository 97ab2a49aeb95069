import DiscordModels
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// Discord's CDN for files uploaded through a modal: `GET /attachments/{id}/{filename}` (no
/// authorization, as Discord's signed CDN links need none from the bot).
struct ModalUploadEndpoint: Sendable {
    let store: WaitableState<SimulatorStore>

    static func path(id: Snowflake, filename: String) -> String {
        "/attachments/\(id)/\(filename.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? "file")"
    }

    func register(on router: Router<GatewayRequestContext>) {
        router.get("/attachments/{attachment_id}/{filename}") { [store] _, context in
            let id = context.parameters.get("attachment_id").flatMap { Snowflake($0) }
            guard let id, let upload = store.read({ $0.modalUploads[id] }) else { return Response(status: .notFound) }
            var headers = HTTPFields()
            headers[.contentType] = upload.contentType
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: upload.data)))
        }
    }
}
