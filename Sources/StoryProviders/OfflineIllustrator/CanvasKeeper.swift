import Foundation

/// The built-in illustrator's canvas, kept from one page to the next: pages are painted one at a
/// time on the painter's thread, so one 768×512 canvas (1.5 MB) serves them all instead of a
/// new one a page. A painting that starts while another holds it (a test calling `renderPNG`
/// beside the painter) gets a canvas of its own, dropped after. Measured: 1.7 MiB less peak
/// private memory in the issue-32 burst than a new canvas a page (docs/benchmarks.md, session 19).
final class CanvasKeeper: @unchecked Sendable {
    let width: Int
    let height: Int
    private let lock = NSLock()
    // Guarded by `lock`.
    private var kept: CairoCanvas?

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Runs `body` on a clear canvas: the kept one when it is free.
    func withCanvas<T>(_ body: (CairoCanvas) throws(OfflineIllustratorError) -> T) throws(OfflineIllustratorError) -> T {
        let free = lock.withLock { () -> CairoCanvas? in
            defer { kept = nil }
            return kept
        }
        let canvas: CairoCanvas
        if let free {
            try free.clear()
            canvas = free
        } else {
            canvas = try CairoCanvas(width: width, height: height)
        }
        defer { lock.withLock { if kept == nil { kept = canvas } } }
        return try body(canvas)
    }
}
