#!/usr/bin/env bash
# A smoke run of an installed or built Qiming: wait until GET /api/health answers 200 (database
# reachable, migrations current), then sign in as the administrator. Three ways to point it:
#
#   deploy/smoke.sh --binary target/release/qiming-server   # starts it on a free port and a
#                                                           # temporary data directory, also
#                                                           # takes a backup, then stops it
#   deploy/smoke.sh --image qiming                          # docker run of the image, then removed
#   deploy/smoke.sh --url http://127.0.0.1:8080             # a server already running (systemd,
#                                                           # a container); QIMING_ADMIN_PASSWORD
#                                                           # must be the administrator's password
#
# QIMING_ADMIN_PASSWORD is the password the administrator is created with (--binary, --image;
# default Smoke-Check-2468). Other QIMING_* variables pass through to the started server.
# Exit status 0 when every step passed; the failing step is printed otherwise.
set -euo pipefail

mode="${1:-}"
target="${2:-}"
timeout="${SMOKE_TIMEOUT:-120}"
password="${QIMING_ADMIN_PASSWORD:-Smoke-Check-2468}"
work="$(mktemp -d)"
pid=""
container=""

cleanup() {
  if [ -n "$pid" ]; then kill -INT "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
  if [ -n "$container" ]; then docker rm -f "$container" >/dev/null 2>&1 || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

fail() { echo "smoke: FAILED: $*" >&2; [ -f "$work/server.log" ] && tail -n 30 "$work/server.log" >&2; exit 1; }

case "$mode" in
  --binary)
    [ -x "$target" ] || fail "no executable at '$target'"
    QIMING_ADDR=127.0.0.1:0 QIMING_DATA_DIR="$work/data" QIMING_ADMIN_PASSWORD="$password" \
      QIMING_CONFIG="$work/none.toml" DATABASE_URL="${DATABASE_URL:-}" \
      "$target" >"$work/server.log" 2>&1 &
    pid=$!
    deadline=$((SECONDS + timeout))
    until url="$(sed -n 's/^Qiming is listening on \(http:[^ ]*\)$/\1/p' "$work/server.log" | head -n1)" && [ -n "$url" ]; do
      kill -0 "$pid" 2>/dev/null || fail "the server stopped while starting"
      [ $SECONDS -lt $deadline ] || fail "the server did not start within ${timeout}s"
      sleep 0.5
    done
    ;;
  --image)
    [ -n "$target" ] || fail "usage: $0 --image IMAGE"
    container="qiming-smoke-$$"
    docker run -d --name "$container" -p 127.0.0.1::8080 -e QIMING_ADMIN_PASSWORD="$password" "$target" >/dev/null \
      || fail "docker run $target"
    url="http://$(docker port "$container" 8080/tcp | head -n1)"
    ;;
  --url)
    [ -n "$target" ] || fail "usage: $0 --url URL"
    url="${target%/}"
    ;;
  *)
    echo "usage: $0 --binary PATH | --image IMAGE | --url URL" >&2
    exit 2
    ;;
esac

echo "smoke: server at $url"

# 1. Healthy: the database answers and its migrations are this binary's.
deadline=$((SECONDS + timeout))
until health="$(curl -fsS --max-time 5 "$url/api/health" 2>/dev/null)"; do
  [ $SECONDS -lt $deadline ] || fail "GET /api/health did not answer 200 within ${timeout}s: $(curl -sS "$url/api/health" 2>&1)"
  sleep 1
done
case "$health" in *'"status":"ok"'*) ;; *) fail "unexpected health answer: $health" ;; esac
echo "smoke: /api/health ok"

# 2. The administrator signs in (the password travels as its MD5, as the JNPF client sends it).
md5="$(printf '%s' "$password" | md5sum | cut -d' ' -f1)"
login="$(curl -fsS --max-time 30 -X POST "$url/api/oauth/Login" -H 'jnpf-origin: pc' \
  --data-urlencode account=admin --data-urlencode "password=$md5" --data-urlencode code= \
  --data-urlencode timestamp= --data-urlencode origin=password --data-urlencode jnpf_ticket= \
  --data-urlencode grant_type=password)" || fail "POST /api/oauth/Login"
case "$login" in *'"code":200'*'"token":"'*) ;; *) fail "sign-in refused: $login" ;; esac
echo "smoke: signed in as admin"

# 3. The web app is served (the release binary and the image carry it).
if [ "${SMOKE_WEB:-1}" = 1 ]; then
  curl -fsS --max-time 10 "$url/" | grep -qi '<html' || fail "GET / did not answer the web app"
  echo "smoke: web app served"
fi

# 4. --binary: a backup of the running server (SQLite) is written.
if [ "$mode" = --binary ] && [ -z "${DATABASE_URL:-}" ]; then
  QIMING_DATA_DIR="$work/data" QIMING_CONFIG="$work/none.toml" "$target" backup "$work/backup.tar" >/dev/null \
    || fail "qiming-server backup"
  tar -tf "$work/backup.tar" | grep -qx qiming.db || fail "the backup holds no database"
  echo "smoke: backup written"
fi

echo "smoke: passed"
