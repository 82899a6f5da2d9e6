# A new user's first minutes on one Node version: an empty folder whose .npmrc points at the
# rehearsal's registry, both commands through npx, then an install, an ES module run and a
# type-check. Runs in a subshell, so the PATH and npm settings stay there.

try_as_user() (
  local node_bin="$1" major
  major="$("$node_bin" -p 'process.versions.node.split(".")[0]')"
  local dir="$work/user-node$major" label="node $major"
  # A cache of its own: npx would reuse an earlier rehearsal's @stashkit/cli of the same version.
  enter_user_folder "$node_bin" "$dir" "$dir/.npm-cache"

  local printed
  printed="$(npx --yes @stashkit/cli --version 2> "$work/logs/npx-cli-node$major.log")" ||
    { cat "$work/logs/npx-cli-node$major.log" >&2; fail "$label: npx @stashkit/cli --version"; }
  [ "$printed" = "$version" ] || fail "$label: npx @stashkit/cli --version printed '$printed', not $version"
  say "  $label ($(node --version)): npx @stashkit/cli --version printed $printed"

  quietly "npx-emulator-node$major" npx --yes @stashkit/emulator --help
  grep -q '^Usage: stashkit-emulator' "$work/logs/npx-emulator-node$major.log" ||
    fail "$label: npx @stashkit/emulator --help printed no usage"
  say "  $label: npx @stashkit/emulator --help printed its usage"

  quietly "npm-init-node$major" npm init -y
  quietly "npm-pkg-node$major" npm pkg set type=module
  # No @types/node: core's declarations must type-check without Node's types (issue 27, item 2).
  quietly "npm-install-node$major" npm install @stashkit/core @stashkit/ci-context @stashkit/emulator \
    "typescript@$TYPESCRIPT_VERSION"
  [ ! -e node_modules/@types/node ] || fail "$label: @types/node was installed, so tsc would not prove core needs none"
  say "  $label: npm install @stashkit/core @stashkit/ci-context @stashkit/emulator (with typescript, no @types/node)"

  cp "$here/consumer/use.mjs" "$here/consumer/check.ts" "$here/consumer/tsconfig.json" .
  quietly "use-node$major" node use.mjs "$version"
  say "  $label: $(tail -n 1 "$work/logs/use-node$major.log")"
  quietly "tsc-node$major" npx tsc -p tsconfig.json
  say "  $label: tsc type-checked an import of @stashkit/core without @types/node (module nodenext, strict, skipLibCheck off)"

  # In a project of its own: testcontainers' declarations bring @types/node, which the check above
  # must not have.
  mkdir -p "$dir/testcontainers" && cp .npmrc "$dir/testcontainers/" && cd "$dir/testcontainers"
  quietly "npm-init-tc-node$major" npm init -y
  quietly "npm-pkg-tc-node$major" npm pkg set type=module
  quietly "npm-install-tc-node$major" npm install @stashkit/testcontainers
  cp "$here/consumer/testcontainers.mjs" .
  quietly "testcontainers-node$major" node testcontainers.mjs "$version"
  say "  $label: $(tail -n 1 "$work/logs/testcontainers-node$major.log")"
)
