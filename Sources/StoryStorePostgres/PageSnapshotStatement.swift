import PostgresNIO

/// A page and its story, and with `withPicture` the page's picture as chats are sent it, read on
/// every page turn.
///
/// A prepared statement: each pooled connection has the server plan the eight-table join once,
/// not at every turn. Its columns are named, never `*` (a prepared `*` fails once a migration
/// adds a column). The picture comes in the same round trip, not a second query (measured:
/// docs/benchmarks.md#the-page-snapshot-statement).
struct PageSnapshotStatement: PostgresPreparedStatement {
    static let name = "magical_stories_page_snapshot_v2"
    /// The picture is the one chats are sent (its kept chat form: the WebP copy, or the stored
    /// picture when it is sent as stored), and none while no form is kept: `coalesce` reads the
    /// stored bytes only for a picture sent as stored.
    static let sql = """
        \(StoryRows.selectNamedWithFamily),
            page.number AS page_number, page.text AS page_text, page.scene_json AS page_scene,
            page.image_prompt AS page_prompt, page.image_id AS page_image,
            coalesce(chat_picture.content_type, image.content_type) AS picture_type,
            image.width AS picture_width, image.height AS picture_height,
            coalesce(chat_picture.data, image.data) AS picture_data
        \(StoryRows.fromWithFamily)
        JOIN page ON page.story_id = story.id AND page.number = $2
        LEFT JOIN chat_picture ON $3 AND chat_picture.image_id = page.image_id
        LEFT JOIN image ON chat_picture.image_id IS NOT NULL AND image.id = chat_picture.image_id
        WHERE story.id = $1
        """

    typealias Row = Columns

    var storyID: String
    var page: Int
    var withPicture: Bool

    func makeBindings() -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 3)
        bindings.append(storyID)
        bindings.append(page)
        bindings.append(withPicture)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Columns { Columns(row) }
}
