// Seeding and cloning in the fault matrix: ensure-search-index with seed-file (faults on the
// upserts) and with clone-from (faults on the source's range reads). A transient fault must end
// in the outputs and documents of a clean run; a persistent one in one failure line naming the
// data-plane request.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { RunningEmulator } from "@stashkit/emulator";
import { basicAuthorization } from "@stashkit/testing";
import { ageIndexes } from "./environment.ts";
import { type Operation, outputsOf } from "./operation.ts";

// One batch: the not-retried cases check that no request repeats itself, which batches in flight
// to the same path would seem to do.
const DOCUMENTS = 100;
const documents = Array.from({ length: DOCUMENTS }, (_, n) => ({
  id: `m${n}`,
  content: { title: `Movie ${n}` },
}));
const seedFolder = mkdtempSync(join(tmpdir(), "stashkit-reliability-seed-"));
const seedFile = join(seedFolder, "movies.ndjson");
// Every matrix scenario reads the one file, so it lives as long as the process.
process.once("exit", () => rmSync(seedFolder, { recursive: true, force: true }));
writeFileSync(seedFile, `${documents.map((d) => JSON.stringify(d)).join("\n")}\n`);

async function createIndex(server: RunningEmulator, name: string) {
  const answer = await fetch(`${server.url}/v2/search`, {
    method: "POST",
    headers: { authorization: basicAuthorization(server.account) },
    body: JSON.stringify({ name, region: "eu-west-1", type: "free" }),
  });
  // Created a minute ago, as an existing index is: finding it then takes one request.
  ageIndexes(server, 60);
  return (await answer.json()) as { endpoint: string; token: string };
}

/** The documents of the index `name`'s SDK index movies, from the emulator's own data plane. */
async function countIn(server: RunningEmulator, name: string): Promise<number> {
  const index = server.state.indexes.find((entry) => entry.index.name === name)?.index;
  const answer = await fetch(`${server.url}/search/${index?.endpoint}/info`, {
    method: "POST",
    headers: { authorization: `Bearer ${index?.token}` },
  });
  const { result } = (await answer.json()) as {
    result: { namespaces: Record<string, { vectorCount: number }> };
  };
  return result.namespaces["movies"]?.vectorCount ?? 0;
}

const seeded = (server: RunningEmulator, created: string) =>
  outputsOf(server, "shop", created, String(DOCUMENTS));

export const SEED_OPERATIONS: Operation[] = [
  {
    name: "ensure, seeding from a file",
    action: "ensure",
    route: "POST /search/:endpoint/upsert-data/*namespace",
    bodyRoute: "POST /search/:endpoint/upsert-data/*namespace",
    missingField: "result",
    inputs: {
      name: "shop",
      region: "eu-west-1",
      "max-attempts": "5",
      "seed-file": seedFile,
      "seed-index": "movies",
    },
    async setup(server) {
      await createIndex(server, "shop");
    },
    expectedOutputs: seeded,
    async verifyAsync(server) {
      const count = await countIn(server, "shop");
      return count === DOCUMENTS ? undefined : `${count} documents seeded, not ${DOCUMENTS}`;
    },
    // A refused connection fails the first request, the ensure's list.
    label:
      /(upsert documents \d+-\d+ of \d+ in namespace "movies": POST \/upsert-data\/movies|list search indexes: GET \/v2\/search)/,
  },
  {
    name: "ensure, cloning",
    action: "ensure",
    route: "POST /search/:endpoint/range/*namespace",
    bodyRoute: "POST /search/:endpoint/range/*namespace",
    missingField: "result",
    inputs: { name: "shop", region: "eu-west-1", "max-attempts": "5", "clone-from": "staging" },
    // The ensure lists the indexes, then the clone finds its source by name: two listings.
    mayRepeat: "GET /v2/search",
    async setup(server) {
      const staging = await createIndex(server, "staging");
      await fetch(`${staging.endpoint}/upsert-data/movies`, {
        method: "POST",
        headers: { authorization: `Bearer ${staging.token}` },
        body: JSON.stringify(documents),
      });
      await createIndex(server, "shop");
    },
    expectedOutputs: (server, created) => outputsOf(server, "shop", created, String(DOCUMENTS)),
    async verifyAsync(server) {
      const count = await countIn(server, "shop");
      return count === DOCUMENTS ? undefined : `${count} documents cloned, not ${DOCUMENTS}`;
    },
    label:
      /(range documents in namespace "movies": POST \/range\/movies|list search indexes: GET \/v2\/search)/,
  },
];
