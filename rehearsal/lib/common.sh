# Shared by rehearsal/run and the steps it sources: progress lines, and quiet commands whose
# output is kept in a log file and shown only when they fail.

say() { echo "rehearsal: $*"; }

fail() {
  echo "rehearsal: FAILED: $*" >&2
  exit 1
}

# quietly <log name> <command…>: runs the command with its output in $work/logs/<log name>.log;
# on failure prints the last lines of that log and fails the rehearsal.
quietly() {
  local log="$work/logs/$1.log"
  shift
  if ! "$@" > "$log" 2>&1; then
    echo "rehearsal: \`$*\` failed; the end of its output:" >&2
    tail -n 40 "$log" >&2
    fail "$(basename "$log" .log)"
  fi
}
