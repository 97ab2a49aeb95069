#!/usr/bin/env bash
# The schema a FRESH database gets from a magical-stories binary, on both engines, normalised so
# that two builds can be compared with `diff` (issue #33: the schema written once must leave each
# engine with exactly the schema it had):
#   scripts/schema_dump.sh BINARY OUT_FOLDER   → OUT_FOLDER/sqlite.txt, OUT_FOLDER/postgres.txt
#   diff -r BEFORE_FOLDER AFTER_FOLDER          (nothing printed: the same schema)
# SQLite: every row of sqlite_master (type, name, tbl_name, sql with whitespace collapsed) and the
# migration names. PostgreSQL: `pg_dump --schema-only` of a private server (Debian's binaries under
# /usr/lib/postgresql/*/bin, as the tests use) and the migration names.
set -euo pipefail
binary=$(realpath "$1"); out=$(realpath -m "$2"); mkdir -p "$out"
bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
work=$(mktemp -d); chmod 755 "$work"
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
cleanup() { as_pg "$bin/pg_ctl" -D "$work/pg" -m immediate stop >/dev/null 2>&1 || true; rm -rf "$work"; }
trap cleanup EXIT

# Whitespace collapsed; a space after "(" or before ")" dropped (layout only, not meaning).
normalise() { tr -s ' \t' ' ' | sed -e 's/( /(/g' -e 's/ )/)/g'; }

cd "$work"
DATABASE_PATH="$work/fresh.sqlite" "$binary" migrate | grep '✓' > "$work/sqlite-migrations.txt"
{
    sqlite3 -separator ' | ' "$work/fresh.sqlite" \
        "SELECT type, name, tbl_name, replace(replace(sql, char(10), ' '), char(13), ' ') FROM sqlite_master ORDER BY type, name"
    cat "$work/sqlite-migrations.txt"
} | normalise > "$out/sqlite.txt"

mkdir "$work/pg" && chown postgres "$work/pg" 2>/dev/null || true
as_pg "$bin/initdb" -D "$work/pg" -U magical --auth=trust >/dev/null
port=$((20000 + RANDOM % 20000))
as_pg "$bin/pg_ctl" -D "$work/pg" -o "-p $port -k $work/pg -c listen_addresses=127.0.0.1" -w start >/dev/null
as_pg "$bin/createdb" -h 127.0.0.1 -p "$port" -U magical fresh
DATABASE_URL="postgres://magical@127.0.0.1:$port/fresh?sslmode=disable" "$binary" migrate | grep '✓' > "$work/pg-migrations.txt"
{
    "$bin/pg_dump" --schema-only --no-owner -h 127.0.0.1 -p "$port" -U magical fresh | grep -v -e '^--' -e '^$' -e '^\\restrict' -e '^\\unrestrict'
    cat "$work/pg-migrations.txt"
} > "$out/postgres.txt"
wc -l "$out/sqlite.txt" "$out/postgres.txt"
