import CTurboJPEG

/// A JPEG reader on libjpeg-turbo's TurboJPEG API: colour pictures as RGB, gray ones as gray.
public enum JPEGDecoder {
    public static func decode(_ bytes: [UInt8]) throws(ImageDecodingError) -> DecodedImage {
        guard let handle = tjInitDecompress() else { throw .damaged(format: "JPEG", detail: "the decoder did not start") }
        defer { tjDestroy(handle) }
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        let headerStatus = bytes.withUnsafeBufferPointer { source in
            tjDecompressHeader3(handle, source.baseAddress, UInt(source.count), &width, &height, &subsampling, &colorspace)
        }
        guard headerStatus == 0 else { throw .damaged(format: "JPEG", detail: message(handle)) }
        try ImageDecoder.checkSize(Int(width), Int(height), format: "JPEG")
        let gray = colorspace == Int32(TJCS_GRAY.rawValue)
        let channels = gray ? 1 : 3
        var pixels = [UInt8](repeating: 0, count: Int(width) * Int(height) * channels)
        let format = Int32(gray ? TJPF_GRAY.rawValue : TJPF_RGB.rawValue)
        let status = pixels.withUnsafeMutableBufferPointer { target in
            bytes.withUnsafeBufferPointer { source in
                tjDecompress2(handle, source.baseAddress, UInt(source.count), target.baseAddress, width, 0, height, format, 0)
            }
        }
        // A warning (say, a file cut short near its end) still leaves a picture worth showing.
        guard status == 0 || tjGetErrorCode(handle) == Int32(TJERR_WARNING.rawValue) else {
            throw .damaged(format: "JPEG", detail: message(handle))
        }
        return DecodedImage(width: Int(width), height: Int(height), channels: channels, bytes: pixels)
    }

    static func message(_ handle: tjhandle) -> String {
        tjGetErrorStr2(handle).map { String(cString: $0) } ?? "unknown error"
    }
}
