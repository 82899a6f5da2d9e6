import type { RepoCopy } from "../repo-copy.ts";
import type { Walk } from "./walk.ts";

const EMULATOR = "packages/emulator";
const AREA = `${EMULATOR}/src/messaging/records/area.ts`;
const STORE_FILE = `${EMULATOR}/src/messaging/records/memo-store.ts`;
const WHOLE_STATE = [`${EMULATOR}/test/data-file.test.ts`, `${EMULATOR}/test/faults.test.ts`];

const STORE = `import { z } from "zod";
import type { StorageEngine } from "../../storage/engine.ts";

export const storedMemo = z.object({ id: z.string(), text: z.string() });
export type StoredMemo = z.infer<typeof storedMemo>;

export interface MemoStore {
  get(id: string): StoredMemo | undefined;
  put(memo: StoredMemo): void;
  list(): StoredMemo[];
  clear(): void;
}

export function memoStore(engine: StorageEngine): MemoStore {
  const table = engine.table("messaging_memos", storedMemo);
  return {
    get: (id) => table.get(id),
    put: (memo) => table.put(memo.id, memo),
    list: () => Array.from(table.scan(), (entry) => entry.value),
    clear: () => table.clear(),
  };
}
`;

const TEST = `import { expect, it } from "vitest";
import { emulator } from "./helpers.ts";

it("keeps memos in a snapshot, restores them and empties them on reset", async () => {
  const server = await emulator();
  const snapshot = server.exportSnapshot();
  server.restore({ ...snapshot, state: { ...snapshot.state, memos: [{ id: "m1", text: "hello" }] } });
  expect(server.exportSnapshot().state).toMatchObject({ memos: [{ id: "m1", text: "hello" }] });
  // Typed from the area's shape: without the area's part this does not type-check.
  expect(server.state.memos).toEqual([{ id: "m1", text: "hello" }]);
  server.reset();
  expect(server.exportSnapshot().state).toMatchObject({ memos: [] });
});
`;

/** Step 2 in the messaging area: its type, its key in a snapshot, and open, export, import, reset. */
function giveToArea(copy: RepoCopy): void {
  const edits: [string, string][] = [
    [
      'import { storedMessage } from "./message-record.ts";\n',
      'import { type MemoStore, memoStore, storedMemo } from "./memo-store.ts";\n',
    ],
    ["  signingKeys: SigningKeyStore;\n}", "  memos: MemoStore;\n"],
    ["  deduplication: byName(storedDeduplication),\n", "  memos: z.array(storedMemo).default([]),\n"],
    ["    signingKeys: signingKeyStore(engine),\n", "    memos: memoStore(engine),\n"],
    [
      "      deduplication: Object.fromEntries(stores.deduplication.entries()),\n",
      "      memos: stores.memos.list(),\n",
    ],
    [
      "    for (const [key, entry] of keys.deduplication)",
      "    for (const memo of keys.memos) stores.memos.put(memo);\n",
    ],
    ["    stores.deduplication.clear();\n", "    stores.memos.clear();\n"],
  ];
  for (const [at, added] of edits) {
    // Before a closing brace, or after a line.
    if (at.endsWith("}")) copy.replace(AREA, at, `${at.slice(0, -1)}${added}}`);
    else if (at.startsWith("    for (const [key")) copy.replace(AREA, at, `${added}${at}`);
    else copy.replace(AREA, at, `${at}${added}`);
  }
}

/** "A new kind of record (a store)": memos in the messaging area. */
export const STORE_WALK: Walk = {
  heading: "A new kind of record (a store)",
  steps: {
    1: {
      names: "src/messaging/records/dlq-store.ts",
      files: [STORE_FILE],
      apply: (copy) => copy.write(STORE_FILE, STORE),
    },
    2: { names: "src/messaging/records/area.ts", files: [AREA], apply: giveToArea },
    4: {
      names: "test/data-file.test.ts",
      files: [`${EMULATOR}/test/memos.test.ts`, ...WHOLE_STATE],
      apply(copy) {
        copy.write(`${EMULATOR}/test/memos.test.ts`, TEST);
        const deduplication = "      deduplication: {},\n";
        for (const file of WHOLE_STATE)
          copy.replace(file, deduplication, `${deduplication}      memos: [],\n`);
      },
    },
  },
  skipped: { 3: "a toy's memos are not bounded" },
  checks: [
    { folder: EMULATOR, command: "npx", args: ["vitest", "run", "test/memos.test.ts"] },
    {
      folder: EMULATOR,
      command: "npx",
      args: ["vitest", "run", "test/data-file.test.ts", "test/faults.test.ts"],
    },
    { folder: EMULATOR, command: "npx", args: ["tsc", "-p", "tsconfig.json", "--noEmit"] },
  ],
  // Without the area's part the memos are in no snapshot, and not in emulator.state's type (the
  // test does not type-check); without their key, the whole state differs.
  omissions: [
    { step: 2, check: 0 },
    { step: 2, check: 2 },
    { step: 4, check: 1, files: WHOLE_STATE },
  ],
};
