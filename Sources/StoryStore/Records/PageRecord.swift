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

    /// - Parameter scenes: decodes the scene column (a cache on hot paths).
    func page(scenes: ((String) throws -> PageScene)? = nil) throws -> StoryPage {
        guard let storyID = StoryID(rawValue: storyId) else { throw StoreError(kind: .corrupt, path: "page", detail: "bad id") }
        let scene = try scenes.map { try $0(sceneJson) } ?? JSONColumn.decode(PageScene.self, from: sceneJson)
        return StoryPage(storyID: storyID, number: number, text: text, scene: scene,
                         imagePrompt: imagePrompt, imageID: imageId.map(ImageID.init(rawValue:)))
    }
}
