#!/usr/bin/env bash
# The static checks of `npm test`, two at a time: each of them (tsc, ESLint, Prettier, dependency-cruiser,
# knip, the schema check) runs on one core, so on two cores two lanes finish in about half the time of one.
# Each lane's output is printed whole once both are done, lane by lane; the exit code is the first
# failure's (a lane stops at its own first failure, as `&&` would).
set -uo pipefail
cd "$(dirname "$0")/.."
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
( npm run --silent typecheck && npm run --silent schemas:check ) >"$out/a" 2>&1 &
a=$!
( npm run --silent lint && npm run --silent deadcode ) >"$out/b" 2>&1 &
b=$!
wait $a; ra=$?
wait $b; rb=$?
echo "== typecheck, schemas:check (exit $ra)"; cat "$out/a"
echo "== lint, deadcode (exit $rb)"; cat "$out/b"
if [ $ra -ne 0 ]; then exit $ra; fi
exit $rb
