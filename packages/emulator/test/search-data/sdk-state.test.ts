import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Search } from "@upstash/search";
import { afterEach, describe, expect, it } from "vitest";
import { stateInDataFile } from "../data-file-state.ts";
import { control, emulator, management } from "../helpers.ts";
import { clientsFor, createdIndexSchema, indexWithSdk } from "./sdk-helpers.ts";

const folders: string[] = [];
afterEach(async () => {
  await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
});

async function dataFile(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), "stashkit-search-data-"));
  folders.push(folder);
  return join(folder, "state.json");
}

const NOTES = [
  { id: "n1", content: { text: "buy oat milk" }, metadata: { list: "groceries" } },
  { id: "n2", content: { text: "call the plumber" } },
];

describe("the data plane's state", () => {
  it("keeps documents across a restart with the same data file", async () => {
    const file = await dataFile();
    const first = await indexWithSdk({ dataFile: file });
    await first.client.index("notes").upsert(NOTES);
    await first.server.stop();

    const second = await emulator({ dataFile: file, search: { endpoint: "url" } });
    const listed = createdIndexSchema.array().parse((await management(second).list()).json);
    const { client } = await clientsFor(listed[0] as (typeof listed)[number]);
    expect(await client.index("notes").search({ query: "milk" })).toEqual([
      { ...NOTES[0], score: expect.any(Number) },
    ]);
    expect(await client.index("notes").info()).toEqual({ documentCount: 2, pendingDocumentCount: 0 });
  });

  it("loads a data file from before the data plane, with its indexes and no documents", async () => {
    // Earlier emulators kept their state as one JSON object; before the data plane it had no documents.
    const first = await indexWithSdk();
    const { searchDocuments: _none, ...saved } = first.server.exportSnapshot().state;
    await first.server.stop();
    const file = `${await dataFile()}.json`;
    await writeFile(file, JSON.stringify(saved));

    const second = await emulator({ dataFile: file, search: { endpoint: "url" } });
    const listed = createdIndexSchema.array().parse((await management(second).list()).json);
    const { client } = await clientsFor(listed[0] as (typeof listed)[number]);
    expect(await client.info()).toMatchObject({ documentCount: 0 });
    expect(await client.index("notes").upsert(NOTES)).toBe("Success");
  });

  it("deletes an index's documents with the index, and a reset deletes all", async () => {
    const file = await dataFile();
    const { server, index, client } = await indexWithSdk({ dataFile: file });
    await client.index("notes").upsert(NOTES);
    const saved = () => server.state.searchDocuments;
    expect(Object.keys(saved())).toEqual([index.id]);

    expect((await management(server).remove(index.id)).status).toBe(200);
    expect(saved()).toEqual({});
    expect((await control(server).get("/state")).json).toMatchObject({ searchDocuments: {} });

    const again = await indexWithSdk({}, "shop", server);
    await again.client.index("notes").upsert(NOTES);
    expect((await control(server).post("/reset", {})).status).toBeLessThan(300);
    expect(saved()).toEqual({});
    await server.stop();
    expect((await stateInDataFile(file)).searchDocuments).toEqual({});
  });

  it("serves Search.fromEnv() with the REST URL and token an ensure step exports", async () => {
    const { index } = await indexWithSdk();
    // core's restUrl() passes an absolute endpoint through unchanged: that is the exported URL.
    const client = Search.fromEnv({
      UPSTASH_SEARCH_REST_URL: index.endpoint,
      UPSTASH_SEARCH_REST_TOKEN: index.token,
    });
    expect(index.endpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/search\/[a-z]+-[a-z]+-\d{5}-eu1$/);
    await client.index("notes").upsert(NOTES);
    expect((await client.index("notes").search({ query: "plumber" })).map((hit) => hit.id)).toEqual(["n2"]);
  });

  it("keeps upserts pending for the indexing delay on the emulator's clock", async () => {
    const { server, client } = await indexWithSdk({ search: { indexingDelayMs: 60_000 } });
    const notes = client.index("notes");
    await notes.upsert(NOTES);
    expect(await notes.info()).toEqual({ documentCount: 0, pendingDocumentCount: 2 });
    expect(await notes.search({ query: "milk" })).toEqual([]);
    expect(await notes.fetch(["n1"])).toEqual([NOTES[0]]);
    server.advanceClock(60_000);
    expect(await notes.info()).toEqual({ documentCount: 2, pendingDocumentCount: 0 });
    expect((await notes.search({ query: "milk" })).map((hit) => hit.id)).toEqual(["n1"]);
  });

  it("gives the endpoint as its data plane's URL by default, so a rest-url derived from it reaches the emulator", async () => {
    const server = await emulator();
    const created = createdIndexSchema.parse(
      (await management(server).create({ name: "a", region: "us-central1", type: "free" })).json,
    );
    expect(created.endpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/search\/[a-z]+-[a-z]+-\d{5}-us1$/);
    expect(created.endpoint.startsWith(`${server.url}/search/`)).toBe(true);
  });

  it('gives bare endpoint names, as the service does, with search endpoint "name"', async () => {
    const server = await emulator({ search: { endpoint: "name" } });
    const created = createdIndexSchema.parse(
      (await management(server).create({ name: "a", region: "us-central1", type: "free" })).json,
    );
    expect(created.endpoint).toMatch(/^[a-z]+-[a-z]+-\d{5}-us1$/);
  });
});
