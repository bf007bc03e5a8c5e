/// Claude Code on the workstation, without HTTP: where the `claude` CLI and its configuration directory are, the
/// index of projects and sessions built from the transcripts under `~/.claude/projects`, transcript parsing, and
/// the supervisor of the chat runs the sidecar starts. The sidecar's `/api/v1` routes translate HTTP to this
/// module; nothing here knows about requests, devices or signatures.
package enum ClaudeCode {}
