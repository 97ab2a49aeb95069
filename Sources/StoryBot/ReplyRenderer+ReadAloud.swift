import StoryDomain

extension ReplyRenderer {
    /// A story read aloud: a line naming what is heard, and the audio.
    public func narration(_ stored: StoredNarration, story: Story) -> ChatReply {
        let audio = ChatAudio(storyID: story.id, part: stored.part, data: stored.audio.data, duration: stored.audio.duration,
                              waveform: stored.audio.waveform, filename: ChatAudio.filename(title: story.displayTitle, part: stored.part))
        let read = switch stored.part.base {
        case let .page(number): "page \(number) of \(story.pageCount)"
        default: "the whole story"
        }
        let windDown = stored.part.windDown
        let what = windDown.isOn ? read + ", winding down into \(windDown.tailSeconds / 60) minutes of gentle sound 🌙" : read
        return ChatReply(text: "🔊 **\(quoted: story.displayTitle)** — \(what), read aloud (\(audio.durationText)).", audio: audio)
    }
}
