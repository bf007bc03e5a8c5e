#!/usr/bin/env bash
# One SQLite opener: every database in Sources/ is opened by CompanionDatabase's SQLiteDatabase (WAL, busy timeout,
# the `synchronous` level its data needs, its own DatabaseMigrator), and only CompanionDatabase says PRAGMA (the
# durability levels and the diagnostics). Fails on a `DatabaseQueue(`/`DatabasePool(` construction or a `PRAGMA`
# anywhere else in Sources/ (ARCHITECTURE.md, "Rules"). Tests are not checked: they make the schemas that older
# versions shipped with raw SQL, on purpose.
set -euo pipefail
cd "$(dirname "$0")/.."
found=$(grep -rnE --include='*.swift' 'Database(Queue|Pool)\(|PRAGMA' Sources |
    grep -v '^Sources/CompanionDatabase/' | grep -vE '^[^:]+:[0-9]+:\s*//' || true)
if [ -n "$found" ]; then
    echo "check-sqlite-opener: a database is opened or configured outside CompanionDatabase; open it with" >&2
    echo "SQLiteDatabase.openPool/openQueue and a DatabaseMigrator, and use SQLiteDurability/SQLiteDiagnostics" >&2
    echo "instead of PRAGMA:" >&2
    echo "$found" >&2
    exit 1
fi
echo "check-sqlite-opener: every database is opened by SQLiteDatabase"
