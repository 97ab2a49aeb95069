/// What an admin does about a damaged database: the restore recipe of docs/operations.md
/// ("Restoring"), said where the damage is reported (`magical-stories check`, the log, `/ready`).
public enum RestoreAdvice {
    /// The steps, for the database at `databasePath` whose scheduled backups go to `backupDirectory`.
    public static func text(databasePath: String, backupDirectory: String?) -> String {
        let backups = backupDirectory ?? "/var/lib/magical-stories/backups"
        return """
        To repair it: stop the service (below with systemd; `docker compose stop` in a container), then put the newest backup back (it is checked first; the damaged \
        file is kept beside it as \(databasePath).before-restore-<time>):
          systemctl stop magical-stories
          magical-stories restore [--config FILE] \(backups)/magical-stories-<newest>.sqlite
          systemctl start magical-stories
        With no backup, move \(databasePath) aside and start afresh (stories made since are lost). \
        See docs/operations.md, "Restoring".
        """
    }

    /// One line, for `/ready` and log metadata.
    public static let short = "stop the service and run `magical-stories restore <backup>` (docs/operations.md, Restoring)"
}
