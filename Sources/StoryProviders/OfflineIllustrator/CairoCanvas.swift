import CCairo
import Foundation
import ImageDecoding

/// A small owner of one Cairo ARGB32 image surface and its drawing context.
///
/// Not thread-safe: one picture at a time (``clear()`` readies it for the next). Surface and
/// context are destroyed in `deinit`.
final class CairoCanvas {
    let width: Int
    let height: Int
    private let surface: OpaquePointer
    private(set) var cr: OpaquePointer

    init(width: Int, height: Int) throws(OfflineIllustratorError) {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else {
            throw .surfaceCreationFailed
        }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw .surfaceCreationFailed
        }
        guard let cr = cairo_create(surface), cairo_status(cr) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw .surfaceCreationFailed
        }
        self.width = width
        self.height = height
        self.surface = surface
        self.cr = cr
    }

    deinit {
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
    }

    /// Readies the canvas for another picture, as if new: every pixel transparent and a fresh
    /// drawing state (transform, clip, source), on the same surface memory.
    func clear() throws(OfflineIllustratorError) {
        guard let fresh = cairo_create(surface), cairo_status(fresh) == CAIRO_STATUS_SUCCESS else { throw .surfaceCreationFailed }
        cairo_destroy(cr)
        cr = fresh
        cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
        cairo_paint(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
    }

    // MARK: State and transforms

    func save() { cairo_save(cr) }
    func restore() { cairo_restore(cr) }
    func translate(_ x: Double, _ y: Double) { cairo_translate(cr, x, y) }
    func scale(_ sx: Double, _ sy: Double) { cairo_scale(cr, sx, sy) }
    func rotate(_ angle: Double) { cairo_rotate(cr, angle) }

    /// Runs `body` between `save()` and `restore()`.
    func layer(_ body: () -> Void) {
        cairo_save(cr)
        defer { cairo_restore(cr) }
        body()
    }

    // MARK: Sources

    func setColor(_ c: PaintColor, alpha: Double = 1) {
        if alpha >= 1 { cairo_set_source_rgb(cr, c.r, c.g, c.b) } else { cairo_set_source_rgba(cr, c.r, c.g, c.b, alpha) }
    }

    /// A linear gradient source through the given (offset, colour, alpha) stops.
    func setLinearGradient(x0: Double, y0: Double, x1: Double, y1: Double,
                           stops: [(Double, PaintColor, Double)]) {
        guard let pattern = cairo_pattern_create_linear(x0, y0, x1, y1) else { return }
        defer { cairo_pattern_destroy(pattern) }
        for (offset, c, a) in stops { cairo_pattern_add_color_stop_rgba(pattern, offset, c.r, c.g, c.b, a) }
        cairo_set_source(cr, pattern)
    }

    /// A radial gradient source centred on (x, y) from radius r0 to r1.
    func setRadialGradient(x: Double, y: Double, r0: Double, r1: Double, stops: [(Double, PaintColor, Double)]) {
        guard let pattern = cairo_pattern_create_radial(x, y, r0, x, y, r1) else { return }
        defer { cairo_pattern_destroy(pattern) }
        for (offset, c, a) in stops { cairo_pattern_add_color_stop_rgba(pattern, offset, c.r, c.g, c.b, a) }
        cairo_set_source(cr, pattern)
    }

    /// A soft round glow of `color`, fading out at `radius`.
    func glow(x: Double, y: Double, radius: Double, color: PaintColor, alpha: Double) {
        setRadialGradient(x: x, y: y, r0: 0, r1: radius, stops: [(0, color, alpha), (0.45, color, alpha * 0.45), (1, color, 0)])
        cairo_arc(cr, x, y, radius, 0, 2 * .pi)
        cairo_fill(cr)
    }

    // MARK: Paths

    func moveTo(_ x: Double, _ y: Double) { cairo_move_to(cr, x, y) }
    func lineTo(_ x: Double, _ y: Double) { cairo_line_to(cr, x, y) }
    func curveTo(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ x3: Double, _ y3: Double) {
        cairo_curve_to(cr, x1, y1, x2, y2, x3, y3)
    }
    func closePath() { cairo_close_path(cr) }
    func newPath() { cairo_new_path(cr) }
    func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) { cairo_rectangle(cr, x, y, w, h) }
    func arc(_ x: Double, _ y: Double, _ r: Double, from a0: Double = 0, to a1: Double = 2 * .pi) {
        cairo_arc(cr, x, y, r, a0, a1)
    }
    func arcNegative(_ x: Double, _ y: Double, _ r: Double, from a0: Double, to a1: Double) {
        cairo_arc_negative(cr, x, y, r, a0, a1)
    }

    func circle(_ x: Double, _ y: Double, _ r: Double) {
        cairo_new_sub_path(cr)
        cairo_arc(cr, x, y, r, 0, 2 * .pi)
        cairo_close_path(cr)
    }

    func ellipse(_ x: Double, _ y: Double, _ rx: Double, _ ry: Double) {
        guard rx > 0, ry > 0 else { return }
        cairo_save(cr)
        cairo_translate(cr, x, y)
        cairo_scale(cr, rx, ry)
        cairo_new_sub_path(cr)
        cairo_arc(cr, 0, 0, 1, 0, 2 * .pi)
        cairo_close_path(cr)
        cairo_restore(cr)
    }

    func roundedRect(_ x: Double, _ y: Double, _ w: Double, _ h: Double, radius: Double) {
        let r = min(radius, w / 2, h / 2)
        cairo_new_sub_path(cr)
        cairo_arc(cr, x + w - r, y + r, r, -.pi / 2, 0)
        cairo_arc(cr, x + w - r, y + h - r, r, 0, .pi / 2)
        cairo_arc(cr, x + r, y + h - r, r, .pi / 2, .pi)
        cairo_arc(cr, x + r, y + r, r, .pi, 1.5 * .pi)
        cairo_close_path(cr)
    }

    func polygon(_ points: [(Double, Double)]) {
        guard let first = points.first else { return }
        cairo_new_sub_path(cr)
        cairo_move_to(cr, first.0, first.1)
        for p in points.dropFirst() { cairo_line_to(cr, p.0, p.1) }
        cairo_close_path(cr)
    }

    // MARK: Painting

    func fill() { cairo_fill(cr) }
    func fillPreserve() { cairo_fill_preserve(cr) }
    func paint() { cairo_paint(cr) }
    func paint(alpha: Double) { cairo_paint_with_alpha(cr, alpha) }

    func stroke(width: Double, round: Bool = true) {
        cairo_set_line_width(cr, width)
        cairo_set_line_cap(cr, round ? CAIRO_LINE_CAP_ROUND : CAIRO_LINE_CAP_BUTT)
        cairo_set_line_join(cr, round ? CAIRO_LINE_JOIN_ROUND : CAIRO_LINE_JOIN_MITER)
        cairo_stroke(cr)
    }

    /// Fills the current path with `color`.
    func fill(_ color: PaintColor, alpha: Double = 1) {
        setColor(color, alpha: alpha)
        cairo_fill(cr)
    }

    /// Strokes the current path with `color`.
    func stroke(_ color: PaintColor, width: Double, alpha: Double = 1) {
        setColor(color, alpha: alpha)
        stroke(width: width)
    }

    /// Draws into an offscreen group, then tints everything drawn there (only where it is opaque)
    /// with `tint` at `tintAlpha` before compositing the group onto the canvas.
    func tintedGroup(tint: PaintColor, tintAlpha: Double, _ body: () -> Void) {
        cairo_push_group(cr)
        body()
        if tintAlpha > 0 {
            cairo_save(cr)
            cairo_identity_matrix(cr)
            cairo_set_operator(cr, CAIRO_OPERATOR_ATOP)
            setColor(tint, alpha: tintAlpha)
            cairo_paint(cr)
            cairo_restore(cr)
        }
        cairo_pop_group_to_source(cr)
        cairo_paint(cr)
    }

    /// Fills the current path with the even-odd rule (inner sub-paths become holes).
    func fillEvenOdd(_ color: PaintColor, alpha: Double = 1) {
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
        setColor(color, alpha: alpha)
        cairo_fill(cr)
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
    }

    /// Clips all following drawing (until the enclosing `layer` ends) to the current path.
    func clip() { cairo_clip(cr) }

    /// Draws `body` into an offscreen group and composites it with `alpha`. With `bounds` (in
    /// the current user space), the group is only as large as that rectangle: Cairo sizes a
    /// group to the clip, and a whole-canvas group is 1.5 MB at 768×512. Nothing may be drawn
    /// outside `bounds`, or it is cut off.
    func group(alpha: Double = 1, bounds: (x: Double, y: Double, width: Double, height: Double)? = nil, _ body: () -> Void) {
        cairo_save(cr)
        if let bounds {
            cairo_rectangle(cr, bounds.x, bounds.y, bounds.width, bounds.height)
            cairo_clip(cr)
        }
        cairo_push_group(cr)
        body()
        cairo_pop_group_to_source(cr)
        cairo_paint_with_alpha(cr, alpha)
        cairo_restore(cr)
    }

    /// Erases (makes transparent) the current path; meant for use inside `group`.
    func erase() {
        cairo_save(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
        cairo_fill(cr)
        cairo_restore(cr)
    }

    // MARK: Output

    /// Encodes the surface as PNG bytes: an 8-bit RGB PNG through the fast encoder (the picture
    /// is opaque), or Cairo's own RGBA writer if zlib cannot be loaded.
    func pngData() throws(OfflineIllustratorError) -> Data {
        cairo_surface_flush(surface)
        if let base = cairo_image_surface_get_data(surface),
           let data = PNGEncoder.encode(width: width, height: height,
                                        stride: Int(cairo_image_surface_get_stride(surface)), pixels: UnsafeRawPointer(base)) {
            return data
        }
        return try cairoPNGData()
    }

    /// Encodes the surface with Cairo's (slower) libpng-based writer.
    func cairoPNGData() throws(OfflineIllustratorError) -> Data {
        cairo_surface_flush(surface)
        let sink = PNGSink()
        let box = Unmanaged.passRetained(sink)
        defer { box.release() }
        let status = cairo_surface_write_to_png_stream(surface, { closure, bytes, length in
            guard let closure, let bytes else { return CAIRO_STATUS_WRITE_ERROR }
            let sink = Unmanaged<PNGSink>.fromOpaque(closure).takeUnretainedValue()
            sink.data.append(bytes, count: Int(length))
            return CAIRO_STATUS_SUCCESS
        }, box.toOpaque())
        guard status == CAIRO_STATUS_SUCCESS, !sink.data.isEmpty else { throw .pngEncodingFailed }
        return sink.data
    }

    /// The picture handed to libwebp, to be encoded elsewhere while the canvas paints on: read
    /// straight from the surface (an opaque picture, as `pngData` assumes), no copy of the pixels
    /// and no PNG decoded again. Nil where Cairo's words are not B, G, R, A in memory (big-endian).
    func webpInput() -> WebPInput? {
        #if _endian(little)
        cairo_surface_flush(surface)
        guard let base = cairo_image_surface_get_data(surface) else { return nil }
        return WebPInput(bgrx: UnsafeRawPointer(base), width: width, height: height,
                         bytesPerRow: Int(cairo_image_surface_get_stride(surface)))
        #else
        return nil
        #endif
    }

    /// The pixels as straight (non-premultiplied) RGBA bytes, row by row.
    func rgbaPixels() -> [UInt8] {
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let base = cairo_image_surface_get_data(surface) else { return [] }
        var out = [UInt8](repeating: 0, count: width * height * 4)
        out.withUnsafeMutableBufferPointer { dst in
            for y in 0..<height {
                let row = UnsafeRawPointer(base + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width {
                    let argb = row[x] // native-endian ARGB word
                    let a = (argb >> 24) & 0xff
                    var r = (argb >> 16) & 0xff, g = (argb >> 8) & 0xff, b = argb & 0xff
                    if a != 0 && a != 255 {
                        r = min(255, (r * 255 + a / 2) / a)
                        g = min(255, (g * 255 + a / 2) / a)
                        b = min(255, (b * 255 + a / 2) / a)
                    }
                    let i = (y * width + x) * 4
                    dst[i] = UInt8(r); dst[i + 1] = UInt8(g); dst[i + 2] = UInt8(b); dst[i + 3] = UInt8(a)
                }
            }
        }
        return out
    }
}

/// Collects PNG bytes from Cairo's write callback.
private final class PNGSink {
    var data = Data()
}
