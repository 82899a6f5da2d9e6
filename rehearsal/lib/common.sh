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

# Makes the current (sub)shell a new user's empty folder on one Node: creates and enters DIR, puts
# that Node first on PATH (npm, npx and every installed command's `#!/usr/bin/env node` run on it),
# gives npm the CACHE folder and quiet settings, and points an .npmrc at the rehearsal's registry.
# Call it inside a subshell, so the PATH and npm settings stay there.
enter_user_folder() {
  local node_bin="$1" dir="$2" cache="$3"
  mkdir -p "$dir"
  cd "$dir" || fail "could not enter $dir"
  PATH="$(dirname "$node_bin"):$PATH"
  export npm_config_cache="$cache" npm_config_update_notifier=false \
    npm_config_fund=false npm_config_audit=false npm_config_loglevel=error
  [ "$(node --version)" = "$("$node_bin" --version)" ] || fail "$node_bin is not the node on PATH"
  printf 'registry=%s\n@stashkit:registry=%s\n' "$registry" "$registry" > .npmrc
}
