// The `companion` executable: every command, option group and presenter is in the CompanionCLI library.
import CompanionCLI

await CompanionCommandLine.runAsProgram()
