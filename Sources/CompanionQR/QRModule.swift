/// QR encoding and decoding.
public enum CompanionQRModule {}
