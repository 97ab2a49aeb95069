import Foundation

extension ReplyRenderer {
    /// The usage table, kept monospaced.
    public func usageReport(_ report: String) -> ChatReply {
        .privateNote("📊 " + (report.contains("\n") ? "\n```\n\(report)\n```" : report))
    }
}
