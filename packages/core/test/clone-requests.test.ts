import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  checkSeedPlan,
  cloneSearchIndex,
  ensureAndSeedSearchIndex,
  ensureSearchIndex,
  IndexLookupError,
  SearchIndexData,
  seedSearchIndex,
} from "../src/index.ts";
import { caught, emulator, managementClient, onCleanup } from "./helpers.ts";
import { documents } from "./search-data-helpers.ts";

const wanted = { region: "eu-west-1", type: "payg" } as const;
const LIST = "GET /v2/search";

/** The requests the emulator saw, in order: data-plane routes by their last word. */
function routes(
  server: Awaited<ReturnType<typeof emulator>>,
  requests: readonly { route: string | null }[] = server.requests,
): string[] {
  return requests.map((request) =>
    (request.route ?? "?").replace(/^POST \/search\/:endpoint(\/([a-z-]+).*)?$/, "data $2").trim(),
  );
}

function seedFile(lines: readonly object[]): string {
  const dir = mkdtempSync(join(tmpdir(), "stashkit-core-clone-"));
  onCleanup(() => rmSync(dir, { recursive: true, force: true }));
  const path = join(dir, "docs.ndjson");
  writeFileSync(path, `${lines.map((line) => JSON.stringify(line)).join("\n")}\n`);
  return path;
}

/**
 * A clone's critical path, as a client sees it: every request before the first range page is
 * one more round trip the copy waits for (bench S10 against S9, the same documents from a file).
 */
describe("the requests of a clone", () => {
  async function withSource() {
    const server = await emulator({ search: { endpoint: "url" } });
    const client = managementClient(server);
    const { index: staging } = await ensureSearchIndex(client, { ...wanted, name: "shop-staging" });
    await seedSearchIndex(SearchIndexData.fromIndex(staging), { index: "movies", documents: documents(250) });
    return { server, client };
  }

  it("into an existing index: one list request finds the source and the target, then the copy", async () => {
    const { server, client } = await withSource();
    await ensureSearchIndex(client, { ...wanted, name: "shop-pr-1" });
    const seed = await checkSeedPlan({ files: [], cloneFrom: "shop-staging", when: "always" });
    server.clearRequests();

    const cloned = await ensureAndSeedSearchIndex(client, { ...wanted, name: "shop-pr-1", seed });

    expect(cloned.ensured.created).toBe(false);
    expect(cloned.seeded.written).toBe(250);
    expect(routes(server)).toEqual([
      LIST,
      "data info",
      "data range",
      "data upsert-data",
      "data upsert-data",
      "data upsert-data",
      "data upsert-data",
      "data info",
    ]);
  });

  it("into a new index: the management requests of a seed from a file, no more", async () => {
    const { server, client } = await withSource();
    const clone = await checkSeedPlan({ files: [], cloneFrom: "shop-staging" });
    server.clearRequests();
    await ensureAndSeedSearchIndex(client, { ...wanted, name: "shop-pr-2", seed: clone });
    const cloning = routes(server).filter((route) => !route.startsWith("data"));

    const seed = await checkSeedPlan({ files: [seedFile(documents(250))], index: "movies" });
    server.clearRequests();
    await ensureAndSeedSearchIndex(client, { ...wanted, name: "shop-pr-3", seed });
    const seeding = routes(server).filter((route) => !route.startsWith("data"));

    expect(cloning).toEqual([LIST, "POST /v2/search", LIST]);
    expect(seeding).toEqual(cloning);
  });

  it("reads each page as soon as the one before answered, while that one's writes still wait", async () => {
    const { server, client } = await withSource();
    const { index: staging } = await ensureSearchIndex(client, { ...wanted, name: "shop-staging" });
    const { index: preview } = await ensureSearchIndex(client, { ...wanted, name: "shop-pr-5" });
    const source = SearchIndexData.fromIndex(staging, { env: {}, readOnly: true });
    // One write in flight, and the first page's hangs until the attempt timeout: a read that
    // waited for a write would come only after that write is answered on its second attempt.
    const target = SearchIndexData.fromIndex(preview, { env: {}, attemptTimeoutMs: 5_000 });
    server.clearRequests();
    server.inject(`POST /search/:endpoint/upsert-data/*namespace`, { kind: "hang" });

    const cloned = await cloneSearchIndex(source, target, {
      indexes: ["movies"],
      pageSize: 100,
      concurrency: 1,
    });

    expect(cloned.written).toBe(250);
    const seen = server.requests.map((request) => `${routes(server, [request])[0]} ${request.status}`);
    const firstWritten = seen.indexOf("data upsert-data 200");
    expect(seen.filter((line) => line === "data range 200")).toHaveLength(3);
    expect(seen.lastIndexOf("data range 200")).toBeLessThan(firstWritten);
  });

  it("a missing source stops the ensure after its one list request, with nothing created", async () => {
    const { server, client } = await withSource();
    const seed = await checkSeedPlan({ files: [], cloneFrom: "shop-nowhere" });
    server.clearRequests();

    const error = await caught(() =>
      ensureAndSeedSearchIndex(client, { ...wanted, name: "shop-pr-4", seed }),
    );

    expect(error).toBeInstanceOf(IndexLookupError);
    expect(routes(server)).toEqual([LIST]);
    expect(server.state.indexes.map((entry) => entry.index.name)).toEqual(["shop-staging"]);
  });
});
