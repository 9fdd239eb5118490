#!/usr/bin/env bash
# Installs (when missing) and starts Debian's PostgreSQL, with a role the tests use to create their databases.
# Prints the URL of the server for TEST_DATABASE_URL. CI runs as root; the server runs as the postgres user.
set -euo pipefail
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
if [ ! -d /usr/lib/postgresql ] || ! command -v pg_ctlcluster >/dev/null 2>&1; then
  echo "== installing Debian postgresql" >&2
  $SUDO apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq postgresql >/dev/null
fi
VERSION=$(ls /usr/lib/postgresql | sort -n | tail -1)
if ! pg_lsclusters -h | awk '{print $1" "$2}' | grep -q "^$VERSION main$"; then
  $SUDO pg_createcluster "$VERSION" main >&2
fi
if ! pg_lsclusters -h | awk '$1=="'"$VERSION"'" && $2=="main" {print $4}' | grep -q online; then
  $SUDO pg_ctlcluster "$VERSION" main start >&2
fi
PORT=$(pg_lsclusters -h | awk '$1=="'"$VERSION"'" && $2=="main" {print $3}')
$SUDO su postgres -c "psql -q -p $PORT -v ON_ERROR_STOP=1 -c \"do \\\$\\\$ begin if not exists (select from pg_roles where rolname = 'campus_test') then create role campus_test login createdb password 'campus_test'; end if; end \\\$\\\$;\"" >&2
# The test reset copies the seeded tables back without checking their keys again when the role may turn them off
# (server/db restoreSnapshot; PostgreSQL 15 and later can grant it without superuser). Without it: checked, slower.
$SUDO su postgres -c "psql -q -p $PORT -v ON_ERROR_STOP=1 -c \"do \\\$\\\$ begin if current_setting('server_version_num')::int >= 150000 then execute 'grant set on parameter session_replication_role to campus_test'; end if; end \\\$\\\$;\"" >&2
echo "postgres://campus_test:campus_test@127.0.0.1:$PORT/postgres"
