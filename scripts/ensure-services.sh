#!/usr/bin/env bash
# The server tests run on PostgreSQL as well as SQLite, the multi-instance
# tests use Redis, and the device gateway's tests an external MQTT broker:
# install Debian's postgresql, redis-server and mosquitto with apt when they
# are missing and start them when they are stopped. Quiet and quick when all
# three already answer on 127.0.0.1 (5432, 6379 and 1883).
set -euo pipefail
if [ "$(id -u)" = "0" ]; then SUDO=""; else SUDO="sudo"; fi

answers() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

wait_for() {
  for _ in $(seq 1 50); do
    if answers "$1"; then return 0; fi
    sleep 0.2
  done
  echo "$2 does not answer on 127.0.0.1:$1" >&2
  return 1
}

missing=()
command -v pg_ctlcluster >/dev/null 2>&1 || missing+=(postgresql)
command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
command -v mosquitto >/dev/null 2>&1 || missing+=(mosquitto)
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing Debian's ${missing[*]} for the server tests..."
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi

pg_ready() { PGCONNECT_TIMEOUT=3 psql -h 127.0.0.1 -U postgres -w -tAc 'select 1' >/dev/null 2>&1; }
newest() { ls "$1" 2>/dev/null | sort -V | tail -1; }
if ! pg_ready; then
  version=$(newest /etc/postgresql)
  if [ -z "$version" ]; then
    # Installed without a cluster (a removed one, or an image that skipped it): create the newest server's.
    version=$(newest /usr/lib/postgresql)
    [ -n "$version" ] || { echo "No PostgreSQL server under /usr/lib/postgresql" >&2; exit 1; }
    $SUDO pg_createcluster "$version" main >/dev/null
  fi
  hba="/etc/postgresql/$version/main/pg_hba.conf"
  # The tests connect as postgres over loopback without a password.
  if ! $SUDO grep -qE '^host\s+all\s+postgres\s+127\.0\.0\.1/32\s+trust' "$hba"; then
    $SUDO sed -i '1i host all postgres 127.0.0.1/32 trust\nhost all postgres ::1/128 trust' "$hba"
  fi
  if answers 5432; then
    $SUDO pg_ctlcluster --skip-systemctl-redirect "$version" main reload
  else
    $SUDO pg_ctlcluster --skip-systemctl-redirect "$version" main start
  fi
  for _ in $(seq 1 50); do pg_ready && break || sleep 0.2; done
  pg_ready || { echo "PostgreSQL does not accept postgres on 127.0.0.1:5432" >&2; exit 1; }
fi

if ! answers 6379; then
  $SUDO redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no >/dev/null
  wait_for 6379 Redis
fi

if ! answers 1883; then
  # Anonymous on loopback only (the tests use topic prefixes of their own).
  conf=$(mktemp --suffix=.conf)
  printf 'listener 1883 127.0.0.1\nallow_anonymous true\npersistence false\n' >"$conf"
  $SUDO mosquitto -d -c "$conf"
  wait_for 1883 Mosquitto
fi
