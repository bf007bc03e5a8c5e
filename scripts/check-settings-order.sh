#!/usr/bin/env bash
# One order for every setting: a command-line option, else the environment, else the settings file, else the
# default, applied only by CompanionSettings' SettingsResolution (through CLISettings.resolution()), so that
# `companion settings explain` says what every command does. Fails, in Sources/CompanionCLI and Sources/companion,
# on:
#   - an environment variable read other than through a Setting: `environment[`, `.variable(` or
#     `ProcessInfo…environment`, except the allowed reads below, which are not settings;
#   - the settings file read around the resolution: `CompanionSettings.load`, or a resolution's `.file.` fields,
#     outside CLISettings.swift.
# Allowed (not settings): COLUMNS and NO_COLOR (terminal conventions, Terminal*.swift), DISPLAY/WAYLAND_DISPLAY
# (whether a desktop can show a notification, WatchPrompt.swift), the agent id the sidecar gives its panes
# (HookCommand.swift), variables a person names for an MCP server's environment (MCPOptions.swift), and the
# context's own accessor (CommandContext.swift).
#   scripts/check-settings-order.sh
set -euo pipefail
cd "$(dirname "$0")/.."
dirs=(Sources/CompanionCLI Sources/companion)
code() { grep -rnE --include='*.swift' "$1" "${dirs[@]}" | grep -vE '^[^:]+:[0-9]+:\s*//' || true; }
problems=""
found=$(code 'environment\[|\.variable\(|processInfo\.environment' |
    grep -vE '^Sources/CompanionCLI/Support/CommandContext\.swift:' |
    grep -vE '^Sources/CompanionCLI/Support/Terminal(\+Width)?\.swift:[0-9]+:.*variable\("(COLUMNS|NO_COLOR)"\)' |
    grep -vE '^Sources/CompanionCLI/Agents/WatchPrompt\.swift:[0-9]+:.*environment\["(DISPLAY|WAYLAND_DISPLAY)"\]' |
    grep -vE '^Sources/CompanionCLI/Agents/HookCommand\.swift:[0-9]+:.*environment\[CompanionAgents\.agentEnvironmentVariable\]' |
    grep -vE '^Sources/CompanionCLI/Configuration/MCPOptions\.swift:[0-9]+:.*environment\[item\]' || true)
[ -n "$found" ] &&
    problems+="an environment variable read by hand (add a Setting and resolve it: CLISettings.resolution().resolve(…)):"$'\n'"$found"$'\n'
found=$(code 'CompanionSettings\.load|\.file\.(vault|profile|passphraseFile|sidecarURL|timeout|sidecar)' |
    grep -vE '^Sources/CompanionCLI/Support/CLISettings\.swift:' || true)
[ -n "$found" ] &&
    problems+="the settings file read around its resolution (resolve the Setting instead):"$'\n'"$found"$'\n'
if [ -n "$problems" ]; then
    printf 'check-settings-order: %s' "$problems" >&2
    exit 1
fi
echo "check-settings-order: every setting is resolved by SettingsResolution (option, environment, file, default)"
