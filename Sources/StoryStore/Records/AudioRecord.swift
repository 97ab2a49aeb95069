import Foundation
import GRDB
import StoryDomain

/// A row of `audio`: narration bytes stored once, addressed by the SHA-256 of its bytes.
struct AudioRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "audio"
    static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.convertFromSnakeCase
    static let databaseColumnEncodingStrategy = DatabaseColumnEncodingStrategy.convertToSnakeCase

    var id: String
    var contentType: String
    var byteCount: Int
    var durationMs: Int
    var waveform: Data
    var data: Data
    var createdAt: Date

    init(_ audio: SpokenAudio, at date: Date) {
        id = SHA256.hex(of: audio.data)
        contentType = SpokenAudio.contentType
        byteCount = audio.data.count
        durationMs = max(0, Int((audio.duration * 1_000).rounded()))
        waveform = audio.waveform.isEmpty ? Data([0]) : Data(audio.waveform.prefix(256))
        data = audio.data
        createdAt = date
    }
}
