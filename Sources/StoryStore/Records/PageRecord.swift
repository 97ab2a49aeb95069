import GRDB
import StoryDomain

/// A row of `page`.
struct PageRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "page"
    static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.convertFromSnakeCase
    static let databaseColumnEncodingStrategy = DatabaseColumnEncodingStrategy.convertToSnakeCase

    var storyId: String
    var number: Int
    var text: String
    var sceneJson: String
    var imagePrompt: String
    var imageId: String?

    init(storyID: StoryID, number: Int, page: WrittenPage) throws {
        storyId = storyID.rawValue
        self.number = number
        text = page.text
        sceneJson = try JSONColumn.encode(page.scene)
        imagePrompt = page.imagePrompt
        imageId = nil
    }

    /// Decodes by column name without `Codable`'s snake-case key conversion: this runs on every
    /// page turn.
    init(row: Row) throws {
        storyId = row["story_id"]
        number = row["number"]
        text = row["text"]
        sceneJson = row["scene_json"]
        imagePrompt = row["image_prompt"]
        imageId = row["image_id"]
    }

    func page() throws -> StoryPage {
        guard let storyID = StoryID(rawValue: storyId) else { throw StoreError(kind: .corrupt, path: "page", detail: "bad id") }
        return StoryPage(storyID: storyID, number: number, text: text, scene: try JSONColumn.decode(PageScene.self, from: sceneJson),
                         imagePrompt: imagePrompt, imageID: imageId.map(ImageID.init(rawValue:)))
    }
}
