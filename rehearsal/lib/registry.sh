# The throwaway registry: Verdaccio installed into the tool cache (outside the workspace, the
# way .ci/run installs Node and pnpm), then started by registry.mjs on a port the kernel picks.

install_verdaccio() {
  verdaccio_dir="$cache/verdaccio-$VERDACCIO_VERSION"
  [ -f "$verdaccio_dir/node_modules/verdaccio/package.json" ] && return
  say "installing Verdaccio $VERDACCIO_VERSION from the npm registry into $verdaccio_dir"
  mkdir -p "$verdaccio_dir"
  # verdaccio-audit asks for node-fetch by its "cjs" dist-tag, which registry mirrors often lack;
  # pinning the version that tag names makes the install work from any of them.
  cat > "$verdaccio_dir/package.json" <<JSON
{ "private": true, "overrides": { "verdaccio-audit": { "node-fetch": "2.7.0" } } }
JSON
  quietly install-verdaccio npm install --loglevel=error --no-audit --no-fund \
    --prefix "$verdaccio_dir" "verdaccio@$VERDACCIO_VERSION"
}

start_registry() {
  mkdir -p "$work/registry"
  # Dependencies of the published packages are proxied to the registry npm is configured with.
  local uplink
  uplink="$(npm config get registry 2> /dev/null || echo https://registry.npmjs.org/)"
  node "$here/registry.mjs" "$verdaccio_dir" "$work/registry" "$uplink" > "$work/logs/registry.log" 2>&1 &
  registry_pid=$!
}

# Verdaccio takes a few seconds to load: the copy and build run meanwhile.
wait_for_registry() {
  local waited=0
  registry=""
  until [ -n "$registry" ]; do
    kill -0 "$registry_pid" 2> /dev/null || { cat "$work/logs/registry.log" >&2; fail "Verdaccio did not start"; }
    [ "$waited" -lt 600 ] || fail "Verdaccio did not say where it listens within 60 s"
    sleep 0.1
    waited=$((waited + 1))
    registry="$(grep -m1 -E '^http://127\.0\.0\.1:[0-9]+/$' "$work/logs/registry.log" || true)"
  done
  say "registry: Verdaccio $VERDACCIO_VERSION at $registry (storage in a temporary folder)"
}

stop_registry() {
  [ -n "${registry_pid:-}" ] || return 0
  kill "$registry_pid" 2> /dev/null || true
  wait "$registry_pid" 2> /dev/null || true
  registry_pid=""
}
