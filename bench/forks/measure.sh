#!/usr/bin/env bash
# Issue 40: what each start-up fork buys. Builds two copies of one commit side by side, under /tmp:
# forks-base (the commit as it is) and forks-NAME (the same commit with bench/forks/NAME.patch,
# the fork taken out), then runs the bench from the base with the variant as its --baseline:
# "ours" is the code with the fork, "ours before (--baseline)" the code without it. The fork buys
# (baseline ms - ours ms); a ratio above 1 means the fork costs time. The last column gives each
# side's median CPU time (user + system), less swayed than wall time by a busy machine.
#
#   bench/forks/measure.sh NAME [COMMIT]      NAME: a patch's name (actions-core, fetch, zod-only,
#                                             zod-pick, cli-flags, passes, passes-shake, passes-eager,
#                                             passes-ascii, passes-nom); bench/README.md, "Start-up
#                                             forks (issue 40)", says what each takes out
#
# COMMIT defaults to 851a152 (main before issue 40's item 2), which the patches apply to. ONLY
# picks the scenarios (default S1,C1,S4; zod-only is worth running with S5 too), PAIRS the pairs
# (default 15). The load average is printed before and after. Copies already built are reused;
# remove them with `git worktree remove --force /tmp/forks-NAME`.
set -euo pipefail
name=${1:?usage: bench/forks/measure.sh NAME [COMMIT]}
commit=${2:-851a152}
here=$(cd "$(dirname "$0")" && pwd)
repo=$(git -C "$here" rev-parse --show-toplevel)
patch="$here/$name.patch"
[ -f "$patch" ] || { echo "no $patch" >&2; exit 1; }

prepare() { # dir [patch]
  local dir=$1
  if [ ! -e "$dir/.forks-built" ]; then
    [ -d "$dir" ] || git -C "$repo" worktree add --detach "$dir" "$commit" >/dev/null
    if [ -n "${2:-}" ]; then git -C "$dir" apply "$2"; fi
    (cd "$dir" && { pnpm install --offline --frozen-lockfile || pnpm install --frozen-lockfile; } >/dev/null && npx turbo run build --force --output-logs=errors-only >/dev/null)
    touch "$dir/.forks-built"
  fi
}
prepare /tmp/forks-base
prepare "/tmp/forks-$name" "$patch"

# The bench of this checkout runs in the base copy (its bench/src replaced): it times the base's
# code with the variant as --baseline, and reports each side's CPU time beside its wall time.
cp -r "$repo/bench/src/." /tmp/forks-base/bench/src/
echo "fork: $name, commit $commit; load before: $(cut -d' ' -f1-3 /proc/loadavg)"
node /tmp/forks-base/bench/src/run.ts --baseline="/tmp/forks-$name" --against=baseline \
  --only="${ONLY:-S1,C1,S4}" --pairs="${PAIRS:-15}"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
