import CZBar

/// One zbar pass over a grey image, QR symbology only, in binary mode so the payload bytes come back untouched.
enum ZBarScanner {
    /// zbar's name for 8-bit grey ("Y800").
    private static let grey: UInt = 0x3030_3859

    /// Every QR code zbar finds in `image`, in zbar's order.
    /// libzbar, loaded on first use.
    static let library = LoadedLibrary<czbar_api>(package: "libzbar0", czbar_load)

    /// Throws when libzbar cannot be loaded, so a decoder fails before reading anything rather than after.
    static func api() throws(QRDecodeError) -> czbar_api {
        switch library.loaded {
        case .success(let api): return api
        case .failure(let missing): throw .libraryUnavailable(missing)
        }
    }

    static func scan(_ image: GrayImage, with zbar: czbar_api) -> [DecodedQR] {
        guard image.width > 0, image.height > 0 else { return [] }
        guard let scanner = zbar.zbar_image_scanner_create() else { return [] }
        defer { zbar.zbar_image_scanner_destroy(scanner) }
        _ = zbar.zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_ENABLE, 0)
        _ = zbar.zbar_image_scanner_set_config(scanner, ZBAR_QRCODE, ZBAR_CFG_ENABLE, 1)
        // Without BINARY zbar guesses a character set (Shift-JIS, Latin-1, Big5…) and re-encodes the text.
        _ = zbar.zbar_image_scanner_set_config(scanner, ZBAR_QRCODE, ZBAR_CFG_BINARY, 1)
        // When nothing is found, zbar rescans the inverted image itself (light-on-dark codes, dark-mode screenshots).
        _ = zbar.zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_TEST_INVERTED, 1)
        guard let zimage = zbar.zbar_image_create() else { return [] }
        defer { zbar.zbar_image_destroy(zimage) }
        zbar.zbar_image_set_format(zimage, grey)
        zbar.zbar_image_set_size(zimage, UInt32(image.width), UInt32(image.height))
        return image.pixels.withUnsafeBytes { raw -> [DecodedQR] in
            // No cleanup handler: zbar only borrows the buffer for the duration of the scan.
            zbar.zbar_image_set_data(zimage, raw.baseAddress, UInt(raw.count), nil)
            defer { zbar.zbar_image_set_data(zimage, nil, 0, nil) }
            guard zbar.zbar_scan_image(scanner, zimage) > 0 else { return [] }
            var found: [DecodedQR] = []
            var symbol = zbar.zbar_image_first_symbol(zimage)
            while let current = symbol {
                if zbar.zbar_symbol_get_type(current) == ZBAR_QRCODE, let data = zbar.zbar_symbol_get_data(current) {
                    let length = Int(zbar.zbar_symbol_get_data_length(current))
                    let bytes = data.withMemoryRebound(to: UInt8.self, capacity: length) {
                        Array(UnsafeBufferPointer(start: $0, count: length))
                    }
                    found.append(DecodedQR(bytes: bytes))
                }
                symbol = zbar.zbar_symbol_next(current)
            }
            return found
        }
    }
}
