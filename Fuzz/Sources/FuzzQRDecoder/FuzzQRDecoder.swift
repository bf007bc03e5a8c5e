import CompanionQR
import FuzzSupport

/// Fuzzes `QRDecoder().decode(data:)`: format sniffing, the PNG (libpng), JPEG (libjpeg) and PGM/PPM readers, the
/// robustness passes and zbar. Images are attacker-supplied (a screenshot or photo of a QR code someone sent).
/// Invariants: never crashes; a decoded image has the size it declares and stays under the pixel limit; every
/// error has a description and a hint. The pixel limit is lowered so that each input decodes in milliseconds.
@_cdecl("FuzzQRDecoder_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    FuzzSupport.main(argc, argv, test: fuzzQRDecoder)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzQRDecoder(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = FuzzSupport.bytes(data, size)
    let decoder = QRDecoder(maxPixels: 1 << 18, maxFileBytes: 1 << 20)
    do {
        let image = try decoder.readImage(input)
        guard image.width > 0, image.height > 0, image.width * image.height <= decoder.maxPixels,
            image.pixels.count == image.width * image.height
        else {
            FuzzSupport.violation("decoded a \(image.width)x\(image.height) image with \(image.pixels.count) pixels")
        }
        for code in try decoder.decode(image: image) {
            _ = code.text
        }
    } catch {
        if error.description.isEmpty || error.hint.isEmpty { FuzzSupport.violation("error without text: \(error)") }
    }
    return 0
}
