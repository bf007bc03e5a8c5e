#!/usr/bin/env bash
# The CLI's commands run in a process of their own or in a test's (CompanionCLITests): everything a command reads
# or writes besides its arguments goes through its CommandContext (Sources/CompanionCLI/Support/), and the process
# ends in one place (ProgramEnd). Fails, in Sources/CompanionCLI and Sources/companion, on:
#   - `exit(` or `Foundation.exit` outside ProgramEnd.swift (a command returns its exit status instead);
#   - `FileHandle.standardOutput`/`standardError`/`standardInput`, `readLine(`, `isatty(` or
#     `ProcessInfo.processInfo.environment` outside the context's own files (OutputSink, InputSource,
#     CommandContext) and the owner hook's bounded read of Claude Code's pipe (HookCommand.swift);
#   - `setenv`, `unsetenv`, `chdir`, `changeCurrentDirectoryPath` anywhere (they would reach a test's whole process).
#   scripts/check-cli-context.sh
set -euo pipefail
cd "$(dirname "$0")/.."
dirs=(Sources/CompanionCLI Sources/companion)
code() { grep -rnE --include='*.swift' "$1" "${dirs[@]}" | grep -vE '^[^:]+:[0-9]+:\s*//' || true; }
problems=""
found=$(code '(^|[^A-Za-z_.])exit\(|Foundation\.exit' | grep -v '^Sources/CompanionCLI/Support/ProgramEnd\.swift:' || true)
[ -n "$found" ] && problems+="the process is ended outside ProgramEnd (return the exit status instead):"$'\n'"$found"$'\n'
found=$(code 'FileHandle\.standard(Output|Error|Input)|(^|[^.A-Za-z_])readLine\(|isatty\(|ProcessInfo\.processInfo\.environment' |
    grep -vE '^Sources/CompanionCLI/Support/(OutputSink|InputSource|CommandContext)\.swift:' |
    grep -vE '^Sources/CompanionCLI/Agents/HookCommand\.swift:[0-9]+:.*FileHandle\.standardInput\.read\(upToCount:' || true)
[ -n "$found" ] &&
    problems+="standard streams or the environment read outside CommandContext (use print, writeStandardOutput,"$'\n'"writeStandardError, CommandContext.current.input or .environment):"$'\n'"$found"$'\n'
found=$(code '(^|[^A-Za-z_])(setenv|unsetenv|chdir)\(|changeCurrentDirectoryPath' || true)
[ -n "$found" ] && problems+="the process's environment or directory is changed:"$'\n'"$found"$'\n'
if [ -n "$problems" ]; then
    printf 'check-cli-context: %s' "$problems" >&2
    exit 1
fi
echo "check-cli-context: every command reads and writes through its CommandContext; the process ends in ProgramEnd"
