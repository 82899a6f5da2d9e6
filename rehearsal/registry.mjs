#!/usr/bin/env node
// A throwaway npm registry for the release rehearsal: Verdaccio on 127.0.0.1 at a port the
// kernel picks, storage in the folder it is given. It prints its URL on the
// first line of stdout once it listens, and runs until it is sent SIGTERM.
//
// @stashkit/* is served from local storage only: it has no uplink, so nothing under that scope
// is ever read from or published to the public registry. Every other package is proxied to
// the npm registry, so installing what the published packages depend on works.
//
// Usage: node rehearsal/registry.mjs <Verdaccio install prefix> <storage folder> <uplink registry URL>
import { createRequire } from "node:module";
import { join } from "node:path";

const [prefix, storage, uplink] = process.argv.slice(2);
if (!prefix || !storage || !uplink) {
  console.error(
    "registry: usage: registry.mjs <Verdaccio install prefix> <storage folder> <uplink registry URL>",
  );
  process.exit(2);
}

// Verdaccio is installed outside the workspace (rehearsal/lib/registry.sh), so it is loaded from there.
const { runServer } = createRequire(join(prefix, "package.json"))("verdaccio");

const config = {
  self_path: join(storage, "config.yaml"),
  storage: join(storage, "packages"),
  uplinks: { npmjs: { url: uplink, timeout: "60s", max_fails: 5 } },
  packages: {
    "@stashkit/*": { access: "$all", publish: "$all", unpublish: "$all" },
    "**": { access: "$all", publish: "$authenticated", proxy: "npmjs" },
  },
  // The rehearsal's own log says what happens; Verdaccio's request log would bury it.
  log: { type: "stdout", format: "pretty", level: "error" },
  // Its audit endpoint would forward `npm audit` to the public registry; the rehearsal needs none.
  middlewares: { audit: { enabled: false } },
  web: { enable: false },
  max_body_size: "100mb",
};

const server = await runServer(config);
server.listen(0, "127.0.0.1", () => {
  const { port } = server.address();
  console.log(`http://127.0.0.1:${port}/`);
});
// npm keeps connections alive; closing them lets the server stop at once.
const stop = () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
