# The core README's "Hello, emulator" as a new user follows it (issue 27, item 1), on one Node
# version: in an empty folder whose .npmrc points at the rehearsal's registry, the README's own
# shell block (npm init -y, …, the installs), then its hello.ts with `node hello.ts`, which must
# print exactly what the README says, and nothing on stderr. Everything is taken from the README,
# so a change there that breaks a new user fails here. Runs in a subshell, like try_as_user.

try_hello() (
  local node_bin="$1" major
  major="$("$node_bin" -p 'process.versions.node.split(".")[0]')"
  local dir="$work/hello-node$major" label="node $major"
  # The npm cache try_as_user filled for this Node: the packages are the same.
  enter_user_folder "$node_bin" "$dir" "$work/user-node$major/.npm-cache"

  local readme="$root/packages/core/README.md"
  node "$here/readme-hello.mjs" "$readme" "$dir" || fail "could not take the \"Hello, emulator\" blocks from $readme"
  # The README's commands as it shows them, one after the other; the first failure stops them.
  quietly "hello-setup-node$major" bash -eu setup.sh
  say "  $label: the README's \"Hello, emulator\" setup: $(grep -cv '^\s*\(#\|$\)' setup.sh) commands"

  if ! node hello.ts > hello.out 2> hello.err; then
    tail -n 40 hello.err >&2
    fail "$label: node hello.ts (the core README's \"Hello, emulator\") failed in an \`npm init -y\` project"
  fi
  [ ! -s hello.err ] || { cat hello.err >&2; fail "$label: node hello.ts wrote to stderr"; }
  diff -u expected.txt hello.out >&2 ||
    fail "$label: node hello.ts did not print what the core README says it prints"
  say "  $label: node hello.ts printed what the core README says, in a project made by its commands"
)
