#!/usr/bin/env bash
# `npm test`: every check (ADR 036), side by side where they do not need each
# other: route types; lint, typecheck, one production build and the seed
# photos; then the unit and database tests (PGlite), the engine-dependent
# database tests (*.pg.db.test.ts, ADR 084) on PostgreSQL when TEST_DATABASE_URL
# names one (.ci/run starts one), the W3C HTML check, and the cluster test (two
# servers behind nginx, ADR 061); then the end-to-end tests (two Playwright
# workers, a server each), beside the PostgreSQL database tests if those are
# still running.
# Each stage's time is printed, and a table of them at the end (with .ci/run's
# installs and its total when it runs this: CI_SETUP_TIMES, CI_RUN_START).
#
# Ports (override for a shared machine): E2E_PORT (3100, and the next one per
# worker; +60 for private servers), VALIDATE_PORT (3300), TWO_SERVERS_PORT (3158 and 3159),
# CLUSTER_PORT (3420 for nginx, 3421 and 3422 for its two servers).
set -euo pipefail
cd "$(dirname "$0")/.."

# Every server starts from the one build made below; none builds on its own.
export BUILD_ON_START=0

CI_DIR=$(mktemp -d /tmp/pravas-test.XXXXXX)
CI_START=$EPOCHREALTIME
STAGES=()
FAILED=()

# The machine's load while the checks run, for reading the times (a busy machine is slower).
(while :; do cut -d' ' -f1 /proc/loadavg; sleep 5; done) >"$CI_DIR/load" &
LOAD_SAMPLER=$!

cleanup() {
  kill "$LOAD_SAMPLER" 2>/dev/null || true
  rm -rf "$CI_DIR"
}
trap cleanup EXIT

seconds_since() { awk -v a="$1" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.0f", b - a }'; }

# Runs one stage in this subshell: its output to $CI_DIR/NAME.log (and to the
# terminal when LIVE=1), then "status wall-seconds cpu-seconds" to NAME.time.
# CPU time is that of every process the stage waited for (servers included).
run_stage() {
  local name=$1 start=$EPOCHREALTIME status=0
  shift
  if [ "${LIVE:-0}" = 1 ]; then
    "$@" 2>&1 | tee "$CI_DIR/$name.log" || status=$?
  else
    "$@" >"$CI_DIR/$name.log" 2>&1 || status=$?
  fi
  local cpu
  times >"$CI_DIR/$name.times" # a builtin: in a pipe or $(…) it would run in a child without ours
  cpu=$(awk 'NR == 2 { n = 0; for (i = 1; i <= 2; i++) { split($i, t, "m"); n += t[1] * 60 + t[2] } printf "%.0f", n }' "$CI_DIR/$name.times")
  echo "$status $(seconds_since "$start") $cpu" >"$CI_DIR/$name.time"
}

# stage NAME COMMAND...: runs in the foreground, its output shown as it comes.
stage() {
  local name=$1
  STAGES+=("$name")
  echo "ci: ▶ $name"
  (LIVE=1 run_stage "$@")
  report "$name"
}

# begin NAME COMMAND...: starts a stage in the background; `finish NAME` waits
# for it and shows its output then, so side-by-side stages never interleave.
declare -A PIDS
begin() {
  local name=$1
  STAGES+=("$name")
  echo "ci: ▶ $name (in the background)"
  (run_stage "$@") &
  PIDS[$name]=$!
}
finish() {
  local name
  for name in "$@"; do
    wait "${PIDS[$name]}" || true
    echo "ci: ── output of $name ──"
    cat "$CI_DIR/$name.log"
    report "$name"
  done
}

report() {
  local status wall cpu
  read -r status wall cpu <"$CI_DIR/$1.time"
  if [ "$status" = 0 ]; then
    echo "ci: ✓ $1: ${wall} s"
  else
    echo "ci: ✗ $1 failed (exit $status) after ${wall} s"
    FAILED+=("$1")
  fi
}

summary() {
  local name status wall cpu total load
  echo
  echo "ci: stage times (wall-clock; CPU = user + system of the stage's processes)"
  printf 'ci:   %-34s %7s %7s  %s\n' stage wall CPU result
  # .ci/run's own stages (npm ci, apt and PostgreSQL), before this script started.
  if [ -n "${CI_SETUP_TIMES:-}" ] && [ -f "$CI_SETUP_TIMES" ]; then
    while IFS=$'\t' read -r name wall; do
      printf 'ci:   %-34s %5s s %7s  %s\n' "$name" "$wall" "" ok
    done <"$CI_SETUP_TIMES"
  fi
  for name in "${STAGES[@]}"; do
    [ -f "$CI_DIR/$name.time" ] || continue
    read -r status wall cpu <"$CI_DIR/$name.time"
    printf 'ci:   %-34s %5s s %5s s  %s\n' "$name" "$wall" "$cpu" "$([ "$status" = 0 ] && echo ok || echo "FAILED ($status)")"
  done
  total=$(seconds_since "$CI_START")
  load=$(awk '{ sum += $1; n++ } END { if (n) printf "%.1f", sum / n; else print "?" }' "$CI_DIR/load")
  printf 'ci:   %-34s %5s s  (%dm %02ds; mean load average %s on %s cores)\n' "npm test" "$total" $((total / 60)) $((total % 60)) "$load" "$(nproc)"
  if [ -n "${CI_RUN_START:-}" ]; then
    total=$(seconds_since "$CI_RUN_START")
    printf 'ci:   %-34s %5s s  (%dm %02ds, against 15 minutes)\n' "total (.ci/run)" "$total" $((total / 60)) $((total % 60))
  fi
}

# Where the e2e stage's time went: its list reporter's test durations summed per
# spec file (retries included), the ten longest, for the next one who needs to make CI cheaper.
spec_times() {
  [ -f "$CI_DIR/e2e (Playwright).log" ] || return 0
  echo "ci: e2e test time per spec, the ten longest (two workers: about twice the stage's wall time in all)"
  perl -ne '
    s/\e\[[0-9;]*m//g;
    if (/\s(\S+?\.spec\.ts):\d+:\d+ .*\((\d+(?:\.\d+)?)(ms|s|m)\)\s*$/) { $t{$1} += $2 * ($3 eq "ms" ? 0.001 : $3 eq "m" ? 60 : 1); $all += $2 * ($3 eq "ms" ? 0.001 : $3 eq "m" ? 60 : 1) }
    END {
      my @specs = sort { $t{$b} <=> $t{$a} } keys %t;
      printf "ci:   %-40s %5.0f s\n", $_, $t{$_} for @specs[0 .. ($#specs < 9 ? $#specs : 9)];
      printf "ci:   %-40s %5.0f s (%d specs)\n", "all", $all, scalar @specs if @specs;
    }' "$CI_DIR/e2e (Playwright).log"
}

# Stops after a group of stages if one of them failed.
check() {
  if [ ${#FAILED[@]} -gt 0 ]; then
    summary
    spec_times
    echo "ci: failed: ${FAILED[*]}"
    exit 1
  fi
}


# Route types first: the typecheck reads them and the build would write them too.
stage "route types" npx react-router typegen
check
# npm run lint's three checks, each a stage of its own (house style 10): the formatter's
# check (oxfmt, Prettier's output in Rust: ADR 106; before ADR 084 CI ran the linter only), the linter (oxlint,
# ESLint's rules in Rust: ADR 106), and the import rules:
# no value-import cycle between app/server folders, no route code in the server (ADR 080).
begin "format (oxfmt)" npx oxfmt --check
begin "lint (oxlint)" npx oxlint
begin "import rules" npm run --silent lint:imports
# TypeScript's checker in Go (ADR 098): the same errors as tsc 5.9 on this code, for a third of its CPU.
begin "typecheck" npx tsgo --noEmit
begin "build" npx react-router build
begin "seed photos" npx tsx scripts/process-seed-photos.ts
finish "format (oxfmt)" "lint (oxlint)" "import rules" "typecheck" "build" "seed photos"
check

# The PGlite run must not see the PostgreSQL address the next stage uses.
# Two workers: Vitest's default on 2 cores is one (cores − 1). Database files
# share their worker's modules (ADR 079), so this stage is short.
begin "unit and db tests (PGlite)" env -u TEST_DATABASE_URL npx vitest run --maxWorkers=2
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  begin "db tests (PostgreSQL)" npx vitest run --project db
else
  echo "ci: db tests on PostgreSQL skipped: TEST_DATABASE_URL is not set (.ci/run sets it)"
fi
begin "HTML check" node scripts/validate-html.mjs
# Two servers behind nginx on a database of its own on the same PostgreSQL
# server, and an S3 bucket (tests/cluster, ADR 061).
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  begin "cluster (2 servers, nginx)" npm run --silent test:cluster
else
  echo "ci: cluster test skipped: TEST_DATABASE_URL is not set (.ci/run sets it)"
fi
# The cluster test ends before the e2e tests start: its rolling restart under
# 20 requests a second needs the CPU (beside the e2e tests, at a load average
# of 12 on 2 cores, its servers stopped answering within 30 s; ADR 079, session 4).
finish "unit and db tests (PGlite)" "HTML check"
if [ -n "${TEST_DATABASE_URL:-}" ]; then finish "cluster (2 servers, nginx)"; fi
check

# On two workers (a third gained under 20 s, ADR 036). E2E_ENGINE=postgres puts
# each worker's server on a database of its own on TEST_DATABASE_URL's server
# (ADR 085: not the default). Beside the PostgreSQL database tests if those
# are still running (ADR 084). Starting them at the build instead, beside
# everything, was tried (session 4): a load average of 12 and every stage
# slower (the PGlite stage 739 s instead of about 150 s).
# With TEST_DATABASE_URL, each e2e server (and private server but one) runs on a
# database of its own on that PostgreSQL server (ADR 085): measured per process,
# the servers' side of the suite cost 284 CPU s instead of 370 s on PGlite
# (WASM migrations and seed at every start, and every query in the server's own process).
if [ -n "${TEST_DATABASE_URL:-}" ]; then export E2E_ENGINE=${E2E_ENGINE:-postgres}; fi
stage "e2e (Playwright)" npx playwright test
if [ -n "${TEST_DATABASE_URL:-}" ]; then finish "db tests (PostgreSQL)"; fi
check

summary
spec_times
echo "ci: all checks passed"
