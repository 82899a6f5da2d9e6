import { describe, expect, it } from "vitest";
import type { EmulatorOptions } from "../src/index.ts";
import { control, emulator, management } from "./helpers.ts";
import { raw } from "./sdk/helpers.ts";
import { indexWithDocuments } from "./state-helpers.ts";

/** An emulator with small budgets, its notices collected instead of printed. */
async function budgeted(limits: EmulatorOptions["limits"]) {
  const notices: string[] = [];
  const server = await emulator({ limits, log: (line) => notices.push(line) });
  return { server, notices };
}

const refusal = (limit: string, most: number, what: string) =>
  `Limit reached: the emulator holds at most ${most} ${what} (--limit-${limit} N, or limits.${limit} of startEmulator)`;

describe("the emulator's memory budget: each limit refused with a 400 naming it, nothing changed", () => {
  it("search indexes, created or seeded", async () => {
    const { server } = await budgeted({ indexes: 2 });
    const api = management(server);
    for (const name of ["a", "b"]) {
      expect((await api.create({ name, region: "eu-west-1", type: "free" })).status).toBe(200);
    }
    const third = await api.create({ name: "c", region: "eu-west-1", type: "free" });
    expect(third.status).toBe(400);
    expect(third.text).toContain(refusal("indexes", 2, "search indexes"));
    const seeded = await control(server).post("/seed/search-indexes", { count: 5 });
    expect(seeded.status).toBe(400);
    expect(seeded.json).toEqual({ error: refusal("indexes", 2, "search indexes") });
    expect(server.state.indexes.map((entry) => entry.index.name)).toEqual(["a", "b"]);
  });

  it("search documents and namespaces, all indexes together", async () => {
    const { server } = await budgeted({ documents: 3, namespaces: 2 });
    const first = await indexWithDocuments(server, "first", [
      { id: "d1", content: { text: "one" } },
      { id: "d2", content: { text: "two" } },
    ]);
    const second = await indexWithDocuments(server, "second", [{ id: "d3", content: { text: "three" } }]);
    const upsert = async (index: typeof first, path: string, documents: unknown[]) => {
      const endpoint = index.endpoint.split("/").at(-1);
      const answer = await fetch(`${server.url}/search/${endpoint}/${path}`, {
        method: "POST",
        headers: { authorization: `Bearer ${index.token}`, "content-type": "application/json" },
        body: JSON.stringify(documents),
      });
      return { status: answer.status, json: (await answer.json()) as unknown };
    };
    expect(await upsert(second, "upsert-data", [{ id: "d4", content: { text: "four" } }])).toEqual({
      status: 400,
      json: { error: refusal("documents", 3, "search documents in all") },
    });
    // Replacing a document adds none: still within the budget.
    expect((await upsert(first, "upsert-data", [{ id: "d1", content: { text: "uno" } }])).status).toBe(200);
    expect(await upsert(first, "upsert-data/other", [{ id: "d1", content: { text: "x" } }])).toEqual({
      status: 400,
      json: { error: refusal("namespaces", 2, "search namespaces in all") },
    });
    expect(Object.keys(server.state.searchDocuments[first.id] ?? {})).toEqual([""]);
  });

  it("messages waiting, published one at a time or in a batch", async () => {
    const { server } = await budgeted({ messages: 2 });
    const call = raw(server);
    const later = { "upstash-delay": "1d" };
    for (const n of [1, 2]) {
      const published = await call("POST", `/v2/publish/http://127.0.0.1:9/m${n}`, { headers: later });
      expect(published.status).toBe(200);
    }
    const third = await call("POST", "/v2/publish/http://127.0.0.1:9/m3", { headers: later });
    expect(third).toMatchObject({ status: 400, json: { error: refusal("messages", 2, "messages waiting") } });
    await call("DELETE", `/v2/messages/${server.state.messages[0]?.id}`);
    const batch = await call("POST", "/v2/batch", {
      headers: { "content-type": "application/json" },
      body: JSON.stringify([
        { destination: "http://127.0.0.1:9/b1", headers: later },
        { destination: "http://127.0.0.1:9/b2", headers: later },
      ]),
    });
    expect(batch.status).toBe(400);
    expect(server.state.messages.map((message) => message.destination)).toEqual(["http://127.0.0.1:9/m2"]);
  });

  it("workflow runs running at once", async () => {
    const { server } = await budgeted({ runs: 1 });
    const call = raw(server);
    const trigger = (runId: string) =>
      call("POST", "/v2/publish/http://127.0.0.1:9/workflow", {
        headers: {
          "upstash-workflow-runid": runId,
          "upstash-workflow-init": "true",
          "upstash-workflow-url": "http://127.0.0.1:9/workflow",
          "upstash-delay": "1d",
        },
      });
    expect((await trigger("wfr_one")).status).toBe(200);
    expect(await trigger("wfr_two")).toMatchObject({
      status: 400,
      json: { error: refusal("runs", 1, "workflow runs running") },
    });
    expect(Object.keys(server.state.workflowRuns)).toEqual(["wfr_one"]);
  });

  it("words held for typo tolerance: a namespace with more is searched as spelt, said once", async () => {
    const { server, notices } = await budgeted({ typoWords: 4 });
    const index = await indexWithDocuments(server, "words", [
      { id: "many", content: { text: "keyboard monitor speaker headset webcam" } },
    ]);
    const endpoint = index.endpoint.split("/").at(-1);
    const search = async (query: string, namespace = "") => {
      const answer = await fetch(
        `${server.url}/search/${endpoint}/search${namespace === "" ? "" : `/${namespace}`}`,
        {
          method: "POST",
          headers: { authorization: `Bearer ${index.token}`, "content-type": "application/json" },
          body: JSON.stringify({ query, topK: 5 }),
        },
      );
      return ((await answer.json()) as { result: { id: string }[] }).result.map((hit) => hit.id);
    };
    expect(await search("speakr")).toEqual([]);
    expect(await search("speaker")).toEqual(["many"]);
    await fetch(`${server.url}/search/${endpoint}/upsert-data/few`, {
      method: "POST",
      headers: { authorization: `Bearer ${index.token}`, "content-type": "application/json" },
      body: JSON.stringify([{ id: "few", content: { text: "speaker cable" } }]),
    });
    expect(await search("speakr", "few")).toEqual(["few"]);
    expect(notices).toEqual([
      "stashkit-emulator: a search namespace has more than 4 distinct words (limits.typoWords); it is searched without typo tolerance",
    ]);
  });
});
