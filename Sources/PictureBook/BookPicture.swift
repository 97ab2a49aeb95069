import CCairo
import CTurboJPEG
import Foundation
import ImageDecoding

/// One picture made ready for the PDF: an opaque Cairo image surface (transparent parts over
/// white), scaled down to the treatment's size, carrying JPEG bytes for Cairo to embed as they
/// are (DCTDecode) when the treatment asks for JPEG. Owns its surface.
final class BookPicture {
    let surface: OpaquePointer
    let width: Int
    let height: Int
    var aspect: Double { Double(width) / Double(height) }

    private init(surface: OpaquePointer, width: Int, height: Int) {
        self.surface = surface
        self.width = width
        self.height = height
    }

    deinit { cairo_surface_destroy(surface) }

    /// A decoded picture kept between attempts, with its original bytes.
    struct Source {
        var original: [UInt8]
        var format: ImageDecoder.Format
        var image: DecodedImage
    }

    /// Reads a stored picture; nil when it cannot be read (the page is then drawn without it).
    static func source(_ data: Data) -> Source? {
        let bytes = [UInt8](data)
        guard let format = ImageDecoder.format(of: bytes), let image = try? ImageDecoder.decode(bytes) else { return nil }
        return Source(original: bytes, format: format, image: image)
    }

    /// The picture as `treatment` wants it; nil when Cairo cannot make the surface.
    static func make(_ source: Source, treatment: PictureTreatment) -> BookPicture? {
        let image = source.image
        let scale = min(1, Double(treatment.maxSide) / Double(max(image.width, image.height)))
        guard let full = opaqueSurface(image) else { return nil }
        var surface = full
        if scale < 1 {
            let width = max(1, Int((Double(image.width) * scale).rounded()))
            let height = max(1, Int((Double(image.height) * scale).rounded()))
            guard let scaled = scaledSurface(full, width: width, height: height, scale: scale) else {
                cairo_surface_destroy(full)
                return nil
            }
            cairo_surface_destroy(full)
            surface = scaled
        }
        let picture = BookPicture(surface: surface, width: Int(cairo_image_surface_get_width(surface)),
                                  height: Int(cairo_image_surface_get_height(surface)))
        switch (treatment.jpegQuality, source.format) {
        case (nil, .jpeg) where scale >= 1:
            picture.attachJPEG(source.original)
        case (nil, .png):
            break // lossless: Cairo compresses the pixels with Flate
        case let (quality, _):
            if let jpeg = picture.encodeJPEG(quality: quality ?? PictureTreatment.faithfulWebPQuality) { picture.attachJPEG(jpeg) }
        }
        return picture
    }

    /// The decoded pixels on an RGB24 surface, each blended over white by its alpha.
    private static func opaqueSurface(_ image: DecodedImage) -> OpaquePointer? {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(image.width), Int32(image.height)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let base = cairo_image_surface_get_data(surface)
        else { return nil }
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let channels = image.channels
        image.bytes.withUnsafeBufferPointer { pixels in
            for y in 0..<image.height {
                let row = (base + y * stride).withMemoryRebound(to: UInt32.self, capacity: image.width) { $0 }
                var index = y * image.width * channels
                for x in 0..<image.width {
                    var r: UInt32, g: UInt32, b: UInt32, a: UInt32 = 255
                    switch channels {
                    case 1: r = UInt32(pixels[index]); g = r; b = r
                    case 2: r = UInt32(pixels[index]); g = r; b = r; a = UInt32(pixels[index + 1])
                    case 3: r = UInt32(pixels[index]); g = UInt32(pixels[index + 1]); b = UInt32(pixels[index + 2])
                    default:
                        r = UInt32(pixels[index]); g = UInt32(pixels[index + 1]); b = UInt32(pixels[index + 2])
                        a = UInt32(pixels[index + 3])
                    }
                    if a < 255 {
                        let white = 255 - a
                        r = (r * a + 255 * white) / 255; g = (g * a + 255 * white) / 255; b = (b * a + 255 * white) / 255
                    }
                    row[x] = (r << 16) | (g << 8) | b
                    index += channels
                }
            }
        }
        cairo_surface_mark_dirty(surface)
        return surface
    }

    private static func scaledSurface(_ source: OpaquePointer, width: Int, height: Int, scale: Double) -> OpaquePointer? {
        guard let target = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height)),
              cairo_surface_status(target) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(target)
        else { return nil }
        defer { cairo_destroy(cr) }
        cairo_scale(cr, scale, scale)
        cairo_set_source_surface(cr, source, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
        cairo_paint(cr)
        cairo_surface_flush(target)
        return target
    }

    /// The surface's pixels as JPEG (libjpeg-turbo reads Cairo's RGB24 layout directly as BGRX on
    /// little-endian machines), 4:2:0 subsampled.
    private func encodeJPEG(quality: Int) -> [UInt8]? {
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface), let handle = tjInitCompress() else { return nil }
        defer { tjDestroy(handle) }
        let stride = cairo_image_surface_get_stride(surface)
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let format = Int32((UInt32(littleEndian: 1) == 1 ? TJPF_BGRX : TJPF_XRGB).rawValue)
        let status = tjCompress2(handle, data, Int32(width), stride, Int32(height), format, &output, &size,
                                 Int32(TJSAMP_420.rawValue), Int32(quality), 0)
        defer { if let output { tjFree(output) } }
        guard status == 0, let output else { return nil }
        return Array(UnsafeBufferPointer(start: output, count: Int(size)))
    }

    /// Hands JPEG bytes to Cairo: the PDF surface embeds them as they are instead of the pixels.
    private func attachJPEG(_ jpeg: [UInt8]) {
        guard let copy = malloc(jpeg.count) else { return }
        jpeg.withUnsafeBytes { copy.copyMemory(from: $0.baseAddress!, byteCount: jpeg.count) }
        let status = cairo_surface_set_mime_data(surface, "image/jpeg", copy.assumingMemoryBound(to: UInt8.self),
                                                 UInt(jpeg.count), { free($0) }, copy)
        if status != CAIRO_STATUS_SUCCESS { free(copy) }
    }
}
