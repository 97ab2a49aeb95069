import DiscordModels
import DiscordREST
import Foundation
import StoryBot

extension DiscordMessageRenderer {
    /// A story read aloud as Discord's voice message: flag `IS_VOICE_MESSAGE`, no content,
    /// one Ogg/Opus attachment with `duration_secs` and `waveform` (base64 amplitude bytes).
    static func voiceMessage(_ audio: ChatAudio) -> Rendered {
        let file = FileUpload(filename: audio.filename, contentType: "audio/ogg", data: audio.data,
                              durationSecs: max(0.1, (audio.duration * 100).rounded() / 100),
                              waveform: audio.waveform.prefix(256).base64EncodedString())
        return Rendered(message: MessagePayload(flags: MessagePayload.voiceMessage, attachments: []), files: [file])
    }

    /// The same audio as a plain file, where a voice message cannot be sent.
    static func audioFile(_ audio: ChatAudio, privately: Bool) -> Rendered {
        let file = FileUpload(filename: audio.filename, contentType: "audio/ogg", data: audio.data,
                              description: "Narration, \(audio.durationText)")
        return Rendered(message: MessagePayload(content: "", flags: privately ? MessagePayload.ephemeral : nil, attachments: []),
                        files: [file])
    }
}
