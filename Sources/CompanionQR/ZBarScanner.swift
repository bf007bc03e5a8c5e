import CZBar

/// One zbar pass over a grey image, QR symbology only, in binary mode so the payload bytes come back untouched.
enum ZBarScanner {
    /// zbar's name for 8-bit grey ("Y800").
    private static let grey: UInt = 0x3030_3859

    /// Every QR code zbar finds in `image`, in zbar's order.
    static func scan(_ image: GrayImage) -> [DecodedQR] {
        guard image.width > 0, image.height > 0 else { return [] }
        guard let scanner = zbar_image_scanner_create() else { return [] }
        defer { zbar_image_scanner_destroy(scanner) }
        zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_ENABLE, 0)
        zbar_image_scanner_set_config(scanner, ZBAR_QRCODE, ZBAR_CFG_ENABLE, 1)
        // Without BINARY zbar guesses a character set (Shift-JIS, Latin-1, Big5…) and re-encodes the text.
        zbar_image_scanner_set_config(scanner, ZBAR_QRCODE, ZBAR_CFG_BINARY, 1)
        // When nothing is found, zbar rescans the inverted image itself (light-on-dark codes, dark-mode screenshots).
        zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_TEST_INVERTED, 1)
        guard let zimage = zbar_image_create() else { return [] }
        defer { zbar_image_destroy(zimage) }
        zbar_image_set_format(zimage, grey)
        zbar_image_set_size(zimage, UInt32(image.width), UInt32(image.height))
        return image.pixels.withUnsafeBytes { raw -> [DecodedQR] in
            // No cleanup handler: zbar only borrows the buffer for the duration of the scan.
            zbar_image_set_data(zimage, raw.baseAddress, UInt(raw.count), nil)
            defer { zbar_image_set_data(zimage, nil, 0, nil) }
            guard zbar_scan_image(scanner, zimage) > 0 else { return [] }
            var found: [DecodedQR] = []
            var symbol = zbar_image_first_symbol(zimage)
            while let current = symbol {
                if zbar_symbol_get_type(current) == ZBAR_QRCODE, let data = zbar_symbol_get_data(current) {
                    let length = Int(zbar_symbol_get_data_length(current))
                    let bytes = data.withMemoryRebound(to: UInt8.self, capacity: length) {
                        Array(UnsafeBufferPointer(start: $0, count: length))
                    }
                    found.append(DecodedQR(bytes: bytes))
                }
                symbol = zbar_symbol_next(current)
            }
            return found
        }
    }
}
