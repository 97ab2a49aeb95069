import Foundation
import GRDB
import StoryDomain

/// A row of `image`: a picture stored once, addressed by the SHA-256 of its bytes.
struct ImageRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "image"
    static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.convertFromSnakeCase
    static let databaseColumnEncodingStrategy = DatabaseColumnEncodingStrategy.convertToSnakeCase

    var id: String
    var contentType: String
    var byteCount: Int
    var width: Int
    var height: Int
    var data: Data
    var createdAt: Date

    init(_ illustration: Illustration, at date: Date) {
        id = SHA256.hex(of: illustration.data)
        contentType = illustration.contentType
        byteCount = illustration.data.count
        width = illustration.width
        height = illustration.height
        data = illustration.data
        createdAt = date
    }

    var storedImage: StoredImage {
        StoredImage(id: ImageID(rawValue: id), contentType: contentType, data: data, width: width, height: height)
    }
}
