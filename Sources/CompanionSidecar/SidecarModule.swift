import GRDB
import Hummingbird

/// The workstation sidecar.
public enum CompanionSidecarModule {}
