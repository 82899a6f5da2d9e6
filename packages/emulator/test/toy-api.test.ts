import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { APIS, type ApiModule } from "../src/apis.ts";
import type { ApiProfile } from "../src/http/api.ts";
import { HttpError } from "../src/http/errors.ts";
import { ok } from "../src/http/reply.ts";
import { get, post } from "../src/http/route-table.ts";
import type { RunningEmulator } from "../src/running-emulator.ts";
import { startWith } from "../src/server.ts";
import { storeArea } from "../src/state/area.ts";
import type { Stores } from "../src/state/stores.ts";
import type { StorageEngine } from "../src/storage/engine.ts";

// A toy API, as a new folder would hold it: a store area (its store on the engine's tables, its
// keys in a snapshot), a route table and a profile that says how it authenticates, words errors
// and limits requests. Nothing else in the emulator changes.
const note = z.object({ author: z.string(), text: z.string() });
type Note = z.infer<typeof note>;

interface NoteStore {
  add(note: Note): void;
  list(): Note[];
  clear(): void;
}

function noteStore(engine: StorageEngine): NoteStore {
  const table = engine.table("toy_notes", note);
  let next = table.count();
  return {
    add: (added) => table.put(String(next++), added),
    list: () => Array.from(table.scan(), (entry) => entry.value),
    clear: () => table.clear(),
  };
}

const notesArea = storeArea({
  name: "toy",
  shape: { toyNotes: z.array(note).default([]) },
  open: (engine) => noteStore(engine),
  exportKeys: (notes) => ({ toyNotes: notes.list() }),
  importKeys(notes, keys) {
    for (const added of keys.toyNotes) notes.add(added);
  },
  reset: (notes) => notes.clear(),
});

function toyProfile(stores: Stores): ApiProfile<string> {
  const notes = stores.of(notesArea);
  return {
    name: "toy",
    emulated: true,
    routes: [
      get("/toy/v1/notes", () => ok({ notes: notes.list() })),
      post("/toy/v1/notes/:text", (context) => {
        if (context.params["text"] === "boom") throw new HttpError(422, "that note is not welcome");
        notes.add({ author: context.principal, text: context.params["text"] ?? "" });
        return { status: 201, json: { saved: true } };
      }),
    ],
    ownsPath: (path) => path.startsWith("/toy/"),
    authenticate({ req }) {
      const author = req.headers["x-toy-author"];
      if (typeof author !== "string" || author === "") throw new HttpError(401, "who are you?");
      return author;
    },
    renderError(error) {
      if (!(error instanceof HttpError)) throw error;
      return { status: error.status, json: { toy_error: error.message } };
    },
    rateLimit: () => ({ key: "all", limit: 100 }),
    decorate: (reply) => ({ ...reply, headers: { "x-toy": "yes", ...reply.headers } }),
  };
}

const toyApi = {
  name: "toy",
  areas: [notesArea],
  mount: (deps: { stores: Stores }) => ({ profile: toyProfile(deps.stores) }),
} as const satisfies ApiModule;

const running: RunningEmulator[] = [];
const folders: string[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.stop()));
  await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
});

async function startWithToy(dataFile: string): Promise<RunningEmulator> {
  const server = await startWith([...APIS, toyApi], { dataFile });
  running.push(server);
  return server;
}

async function dataFile(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), "stashkit-toy-"));
  folders.push(folder);
  return join(folder, "state.db");
}

function toy(server: RunningEmulator, method: string, path: string, author?: string) {
  return fetch(`${server.url}${path}`, { method, headers: author ? { "x-toy-author": author } : {} });
}

describe("an API added as one more entry in the list of APIs", () => {
  it("is served through the whole pipeline: auth, handler, commit, error words, log, counts, faults", async () => {
    const file = await dataFile();
    const server = await startWithToy(file);

    const anonymous = await toy(server, "POST", "/toy/v1/notes/hello");
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ toy_error: "who are you?" });

    const saved = await toy(server, "POST", "/toy/v1/notes/hello", "ada");
    expect(saved.status).toBe(201);
    expect(saved.headers.get("x-toy")).toBe("yes");
    // In the state, and in every snapshot, beside the other APIs' areas.
    expect(server.exportSnapshot().state).toMatchObject({
      toyNotes: [{ author: "ada", text: "hello" }],
      queues: {},
    });

    const refused = await toy(server, "POST", "/toy/v1/notes/boom", "ada");
    expect(refused.status).toBe(422);
    expect(await refused.json()).toEqual({ toy_error: "that note is not welcome" });
    const unknown = await toy(server, "GET", "/toy/v1/elsewhere", "ada");
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ toy_error: "not found" });

    server.inject("GET /toy/v1/notes", { kind: "status", status: 503 });
    expect((await toy(server, "GET", "/toy/v1/notes", "ada")).status).toBe(503);
    const listed = await toy(server, "GET", "/toy/v1/notes", "ada");
    expect(await listed.json()).toEqual({ notes: [{ author: "ada", text: "hello" }] });

    expect(server.requests.map((entry) => [entry.route, entry.status, entry.authorization])).toEqual([
      ["POST /toy/v1/notes/:text", 401, "none"],
      ["POST /toy/v1/notes/:text", 201, "none"],
      ["POST /toy/v1/notes/:text", 422, "none"],
      [null, 404, "none"],
      ["GET /toy/v1/notes", 503, "none"],
      ["GET /toy/v1/notes", 200, "none"],
    ]);
    expect((server.requestCounts() as unknown as Record<string, unknown>)["toy"]).toEqual({
      served: 6,
      rateLimited: 0,
    });
    expect((server.state as unknown as Record<string, unknown>)["toyNotes"]).toHaveLength(1);
  });

  it("loads its area from the data file and empties it on reset, beside the other APIs' state", async () => {
    const file = await dataFile();
    const first = await startWithToy(file);
    await toy(first, "POST", "/toy/v1/notes/kept", "ada");
    await first.stop();

    const second = await startWithToy(file);
    const listed = await toy(second, "GET", "/toy/v1/notes", "ada");
    expect(await listed.json()).toEqual({ notes: [{ author: "ada", text: "kept" }] });
    second.reset();
    expect(await (await toy(second, "GET", "/toy/v1/notes", "ada")).json()).toEqual({ notes: [] });
  });
});
