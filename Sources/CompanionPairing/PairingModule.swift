/// Pairing state machine.
public enum CompanionPairingModule {}
