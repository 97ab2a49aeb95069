import StoryStorePostgres

/// What to use instead of the SQLite file tools (`backup`, `restore`, `check`) when the store is
/// PostgreSQL: the server's own tools, with the recipe of docs/postgresql.md ("Backups").
public enum PostgresToolsAdvice {
    /// Why `command` refuses on the PostgreSQL database at `url` (password redacted), and what
    /// to run instead.
    public static func refusal(_ command: String, url: PostgresURL) -> String {
        let intro = "`magical-stories \(command)` works on the SQLite file, but this service's store is PostgreSQL (\(url)): "
        switch command {
        case "check":
            return intro + """
                PostgreSQL checks its own pages. Check the tables and indexes with
                  pg_amcheck --install-missing --heapallindexed --dbname="$DATABASE_URL"
                and whether the service can reach and write to it with `magical-stories health` (or GET /ready).
                See docs/postgresql.md, "Backups and checks".
                """
        default:
            return intro + """
                back it up and restore it with PostgreSQL's own tools, while the service runs:
                  pg_dump --format=custom --file=magical-stories-$(date +%F).dump "$DATABASE_URL"
                and, into an empty database, with the services stopped:
                  pg_restore --no-owner --exit-on-error --dbname="$DATABASE_URL" magical-stories-<day>.dump
                See docs/postgresql.md, "Backups and checks".
                """
        }
    }
}
