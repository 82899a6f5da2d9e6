# The release path on a copy of the repository: `changeset version` and the version stamp as
# scripts/release does them, a rebuild, then the release workflow's own publish command, aimed
# at the rehearsal's registry.

# The workflow's publish line, read from release.yml so the rehearsal publishes what it does:
# sets publish_args (the command without --provenance) and published (its --filter names).
read_publish_command() {
  local workflow="$root/.github/workflows/release.yml" line words i
  line="$(grep -E '^ +run: pnpm .*\bpublish\b' "$workflow")" || fail "no \`run: pnpm … publish\` line in $workflow"
  [ "$(printf '%s\n' "$line" | wc -l)" -eq 1 ] || fail "more than one publish line in $workflow"
  read -ra words <<< "${line#*run: }"
  publish_args=()
  published=()
  for ((i = 1; i < ${#words[@]}; i++)); do
    # Provenance needs a CI provider's identity token; a local publish has none.
    [ "${words[i]}" = --provenance ] || publish_args+=("${words[i]}")
    [ "${words[i - 1]}" != --filter ] || published+=("${words[i]}")
  done
  [ "${#published[@]}" -gt 0 ] || fail "the publish line in $workflow names no --filter"
  say "the release workflow publishes ${published[*]}"
}

# --filter arguments for the published packages and what they build from.
published_with_dependencies() {
  local name
  for name in "${published[@]}"; do printf -- '--filter\n%s...\n' "$name"; done
}

copy_repository() {
  copy="$work/repo"
  mkdir -p "$copy"
  if git -C "$root" rev-parse --verify -q HEAD > /dev/null 2>&1; then
    # What is committed is what a release tag publishes; uncommitted work is left out.
    git -C "$root" archive --format=tar HEAD | tar -x -C "$copy"
    say "copied the repository at commit $(git -C "$root" rev-parse --short HEAD) to a temporary folder"
  else
    tar -C "$root" --exclude=node_modules --exclude=.turbo --exclude=coverage --exclude=test-results \
      --exclude='./packages/*/dist' -cf - . | tar -x -C "$copy"
    say "copied the repository (not a git checkout) to a temporary folder"
  fi
  local filters
  mapfile -t filters < <(published_with_dependencies)
  # From the store the workspace's own install filled: --offline downloads nothing.
  quietly install pnpm --dir "$copy" install --offline --frozen-lockfile "${filters[@]}"
}

version_copy() {
  printf -- '---\n"@stashkit/core": patch\n---\n\nRelease rehearsal.\n' > "$copy/.changeset/release-rehearsal.md"
  quietly changeset-version pnpm --dir "$copy" exec changeset version
  version="$(node -p 'require(process.argv[1]).version' "$copy/packages/core/package.json")"
  # As scripts/release does: the client's user agent carries the version.
  sed -i "s/^export const VERSION = \".*\";/export const VERSION = \"$version\";/" "$copy/packages/core/src/version.ts"
  grep -q "^export const VERSION = \"$version\";" "$copy/packages/core/src/version.ts" ||
    fail "packages/core/src/version.ts has no VERSION line for scripts/release's sed to update"
  say "changeset version: the packages are now $version"
  local filters
  mapfile -t filters < <(published_with_dependencies)
  quietly build pnpm --dir "$copy" "${filters[@]}" run build
  say "built ${published[*]} and what they depend on"
}

publish_copy() {
  node "$here/without-provenance.mjs" "$copy" "${published[@]}"
  # Anyone may publish @stashkit/* to this registry (registry.mjs), but npm refuses to publish
  # to a registry it holds no credential for: any token will do.
  printf 'registry=%s\n//%s:_authToken=rehearsal\n' "$registry" "${registry#http://}" > "$work/publish.npmrc"
  NPM_CONFIG_USERCONFIG="$work/publish.npmrc" npm_config_registry="$registry" \
    quietly publish pnpm --dir "$copy" "${publish_args[@]}" --registry "$registry"
  say "published ${published[*]} $version to the rehearsal's registry"
}
