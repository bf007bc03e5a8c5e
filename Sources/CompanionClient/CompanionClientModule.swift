/// API client for the companion endpoints (filled in by the client issue).
public enum CompanionClientModule {}
