import type { Walk } from "./walk.ts";

const EMULATOR = "packages/emulator";
const TOY = `${EMULATOR}/src/memo`;

const STORE = `import { z } from "zod";
import { storeArea } from "../state/area.ts";
import type { StorageEngine } from "../storage/engine.ts";

const noteSchema = z.object({ author: z.string(), text: z.string() });
export type Note = z.infer<typeof noteSchema>;

export interface NoteStore {
  add(note: Note): void;
  list(): Note[];
  clear(): void;
}

function noteStore(engine: StorageEngine): NoteStore {
  const table = engine.table("memo_notes", noteSchema);
  let next = table.count();
  return {
    add: (note) => table.put(String(next++).padStart(8, "0"), note),
    list: () => Array.from(table.scan(), (entry) => entry.value),
    clear: () => table.clear(),
  };
}

export const memoArea = storeArea({
  name: "memo",
  shape: { memoNotes: z.array(noteSchema).default([]) },
  open: (engine) => noteStore(engine),
  exportKeys: (notes) => ({ memoNotes: notes.list() }),
  importKeys(notes, keys) {
    for (const note of keys.memoNotes) notes.add(note);
  },
  reset: (notes) => notes.clear(),
});
`;

const ROUTES = `import type { Route } from "../http/api.ts";
import { ok } from "../http/reply.ts";
import { get, post } from "../http/route-table.ts";
import { memoErrors } from "./errors.ts";
import type { NoteStore } from "./store.ts";

export function memoRoutes(notes: NoteStore): Route<string>[] {
  return [
    get<string>("/memo/v1/notes", () => ok({ notes: notes.list() })),
    get<string>("/memo/v1/notes/:index", (context) => {
      const index = context.params["index"] ?? "";
      const note = notes.list()[Number(index)];
      if (note === undefined) throw memoErrors.notFound("note", index);
      return ok(note);
    }),
    post<string>("/memo/v1/notes/:text", (context) => {
      notes.add({ author: context.principal, text: context.params["text"] ?? "" });
      return ok({ saved: true });
    }),
  ];
}
`;

const ERRORS = `import { namedError } from "../http/errors.ts";

export const memoErrors = {
  notFound: (kind: "note", name: string) => namedError("NotFound", 404, \`\${kind} \${name} not found\`),
  unauthorized: () => namedError("Unauthorized", 401, "who are you?"),
};
`;

const PROFILE = `import type { ApiProfile } from "../http/api.ts";
import { HttpError } from "../http/errors.ts";
import type { Stores } from "../state/stores.ts";
import { memoErrors } from "./errors.ts";
import { memoRoutes } from "./routes.ts";
import { memoArea } from "./store.ts";

function memoProfile(stores: Stores): ApiProfile<string> {
  return {
    name: "memo",
    emulated: true,
    routes: memoRoutes(stores.of(memoArea)),
    ownsPath: (path) => path.startsWith("/memo/"),
    authenticate({ req }) {
      const author = req.headers["x-memo-author"];
      if (typeof author !== "string" || author === "") throw memoErrors.unauthorized();
      return author;
    },
    renderError(error) {
      if (!(error instanceof HttpError)) throw error;
      return { status: error.status, json: { memo_error: error.message } };
    },
  };
}

export const memoApi = {
  name: "memo",
  areas: [memoArea],
  mount: (deps: { stores: Stores }) => ({ profile: memoProfile(deps.stores) }),
} as const;
`;

const TEST = `import { expect, it } from "vitest";
import { emulator } from "../helpers.ts";

it("serves the memo API: its auth, routes, errors in its words and its key in the state", async () => {
  const server = await emulator();
  const call = (method: string, path: string, author?: string) =>
    fetch(\`\${server.url}\${path}\`, { method, headers: author ? { "x-memo-author": author } : {} });
  const anonymous = await call("POST", "/memo/v1/notes/hello");
  expect(anonymous.status).toBe(401);
  expect(await anonymous.json()).toEqual({ memo_error: "who are you?" });
  expect((await call("POST", "/memo/v1/notes/hello", "ada")).status).toBe(200);
  expect(await (await call("GET", "/memo/v1/notes", "ada")).json()).toEqual({
    notes: [{ author: "ada", text: "hello" }],
  });
  const missing = await call("GET", "/memo/v1/notes/7", "ada");
  expect(missing.status).toBe(404);
  expect(await missing.json()).toEqual({ memo_error: "note 7 not found" });
  expect(server.exportSnapshot().state).toMatchObject({ memoNotes: [{ author: "ada", text: "hello" }] });
  // Typed from the area's shape: without the API in the list this does not type-check.
  expect(server.state.memoNotes).toEqual([{ author: "ada", text: "hello" }]);
});
`;

const FACTORIES = `${EMULATOR}/test/error-factories.test.ts`;
const WHOLE_STATE = [`${EMULATOR}/test/data-file.test.ts`, `${EMULATOR}/test/faults.test.ts`];
const COUNTS = `${EMULATOR}/test/rate-limit.test.ts`;

/** "A new emulator API": a memo API of notes, in a folder of its own. */
export const API_WALK: Walk = {
  heading: "A new emulator API",
  steps: {
    1: {
      names: "src/<api>/store.ts",
      files: [`${TOY}/store.ts`],
      apply: (copy) => copy.write(`${TOY}/store.ts`, STORE),
    },
    2: {
      names: "src/<api>/routes.ts",
      files: [`${TOY}/routes.ts`],
      apply: (copy) => copy.write(`${TOY}/routes.ts`, ROUTES),
    },
    3: {
      names: "test/error-factories.test.ts",
      files: [`${TOY}/errors.ts`, FACTORIES],
      apply(copy) {
        copy.write(`${TOY}/errors.ts`, ERRORS);
        copy.replace(FACTORIES, '  "control/errors.ts",\n', '  "control/errors.ts",\n  "memo/errors.ts",\n');
      },
    },
    4: {
      names: "src/<api>/profile.ts",
      files: [`${TOY}/profile.ts`],
      apply: (copy) => copy.write(`${TOY}/profile.ts`, PROFILE),
    },
    5: {
      names: "src/apis.ts",
      files: [`${EMULATOR}/src/apis.ts`],
      apply(copy) {
        const apis = `${EMULATOR}/src/apis.ts`;
        copy.replace(
          apis,
          "import type { StoreArea }",
          'import { memoApi } from "./memo/profile.ts";\nimport type { StoreArea }',
        );
        copy.replace(apis, "searchDataApi] as const", "searchDataApi, memoApi] as const");
      },
    },
    7: {
      names: "packages/emulator/test/<api>/",
      files: [`${EMULATOR}/test/memo/notes.test.ts`, ...WHOLE_STATE, COUNTS],
      apply(copy) {
        copy.write(`${EMULATOR}/test/memo/notes.test.ts`, TEST);
        // The tests that compare the whole state or the request counts get its key.
        const documents = "      searchDocuments: {},\n";
        for (const file of WHOLE_STATE) copy.replace(file, documents, `${documents}      memoNotes: [],\n`);
        const searchData = '      "search-data": { served: 0, rateLimited: 0 },\n';
        copy.replace(COUNTS, searchData, `${searchData}      memo: { served: 0, rateLimited: 0 },\n`);
      },
    },
  },
  skipped: { 6: "the memo API takes no options" },
  checks: [
    {
      folder: EMULATOR,
      command: "npx",
      args: ["vitest", "run", "test/memo/", "test/error-factories.test.ts", "test/toy-api.test.ts"],
    },
    {
      folder: EMULATOR,
      command: "npx",
      args: ["vitest", "run", "test/data-file.test.ts", "test/faults.test.ts", "test/rate-limit.test.ts"],
    },
    { folder: EMULATOR, command: "npx", args: ["tsc", "-p", "tsconfig.json", "--noEmit"] },
  ],
  // Without its entry in the list of APIs nothing serves /memo/ and its key is not in
  // emulator.state's type; without its factory's name in the test, the test refuses the errors it
  // builds; without its key, the request counts differ.
  omissions: [
    { step: 5, check: 0 },
    { step: 5, check: 2 },
    { step: 3, check: 0, files: [FACTORIES] },
    { step: 7, check: 1, files: [COUNTS] },
  ],
};
