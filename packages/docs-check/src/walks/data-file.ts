import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { RepoCopy } from "../repo-copy.ts";
import type { Walk } from "./walk.ts";

const EMULATOR = "packages/emulator";
const MAKER = `${EMULATOR}/test/fixtures/data-file-v2.make.ts`;
const FIXTURE = `${EMULATOR}/test/fixtures/data-file-v2.db`;
const VERSION = `${EMULATOR}/src/storage/sqlite/data-file-version.ts`;
const STORE = `${EMULATOR}/src/messaging/records/url-group-store.ts`;
const TEST = `${EMULATOR}/test/data-file-v2-upgrade.test.ts`;

// The toy's change: an endpoint's url is kept without a trailing slash, a new rule a stored URL
// group must keep. Version 2 stores "http://127.0.0.1:9/a/" as given; version 3 reads it as
// "http://127.0.0.1:9/a".
const MAKE = `// How data-file-v2.db was made, with the emulator at data file version 2:
// node test/fixtures/data-file-v2.make.ts test/fixtures/data-file-v2.db
import { startEmulator } from "../../src/index.ts";

const server = await startEmulator({ dataFile: process.argv[2] as string });
const answer = await fetch(\`\${server.url}/v2/topics/team/endpoints\`, {
  method: "POST",
  headers: { authorization: \`Bearer \${server.messagingToken}\`, "content-type": "application/json" },
  body: JSON.stringify({ endpoints: [{ name: "a", url: "http://127.0.0.1:9/a/" }] }),
});
if (answer.status !== 200) throw new Error(\`the URL group was refused: \${answer.status}\`);
await server.stop();
`;

const UPGRADE_TEST = `import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { startEmulator } from "../src/index.ts";
import { sqliteModule } from "../src/storage/sqlite/load-sqlite.ts";

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

it("opens a version 2 data file: its endpoint urls lose the trailing slash, and it is stamped 3", async () => {
  const folder = mkdtempSync(join(tmpdir(), "stashkit-upgrade-v2-"));
  folders.push(folder);
  const file = join(folder, "state.db");
  copyFileSync(join(import.meta.dirname, "fixtures/data-file-v2.db"), file);
  const server = await startEmulator({ dataFile: file, log: () => {} });
  expect(server.state.urlGroups["team"]?.endpoints).toEqual([{ name: "a", url: "http://127.0.0.1:9/a" }]);
  await server.stop();
  const db = new (sqliteModule().DatabaseSync)(file);
  const stamped = db.prepare("PRAGMA user_version").get() as { user_version: number };
  db.close();
  expect(Number(stamped.user_version)).toBe(3);
});
`;

const ENDPOINT_BEFORE = "const endpoint = z.looseObject({ name: z.string().optional(), url: z.string() });";
const ENDPOINT_AFTER = `const endpoint = z.looseObject({
  name: z.string().optional(),
  url: z.string().refine((url) => !url.endsWith("/"), "an endpoint's url is kept without a trailing slash"),
});

/** Version 2 kept an endpoint's url as given; version 3 keeps it without a trailing slash. */
const URL_GROUP_UPGRADES: NonNullable<TableOptions["upgrades"]> = {
  2: (row) => {
    const group = row as { endpoints?: { url?: unknown }[] };
    for (const endpoint of group.endpoints ?? [])
      if (typeof endpoint.url === "string") endpoint.url = endpoint.url.replace(/\\/+$/, "");
    return row;
  },
};`;

/** The file the maker made, once: done again, the step commits the same file (the emulator has changed since). */
let committed: Buffer | undefined;

/** Step 1: the maker, and the file it makes with the emulator as it is before the change. */
function commitFixture(copy: RepoCopy): void {
  copy.write(MAKER, MAKE);
  if (committed === undefined) {
    const made = copy.run(EMULATOR, "node", [
      "test/fixtures/data-file-v2.make.ts",
      "test/fixtures/data-file-v2.db",
    ]);
    if (made.status !== 0) throw new Error(`the fixture's maker failed:\n${made.output}`);
    committed = readFileSync(join(copy.root, FIXTURE));
  }
  writeFileSync(join(copy.root, FIXTURE), committed);
}

/** "The data file": a stored shape changed (a new rule on URL groups' endpoints), version 2 to 3. */
export const DATA_FILE_WALK: Walk = {
  heading: "The data file",
  steps: {
    1: {
      names: "packages/emulator/test/fixtures/",
      files: [MAKER, FIXTURE],
      apply: commitFixture,
    },
    2: {
      names: "DATA_FILE_VERSION",
      files: [VERSION],
      apply: (copy) =>
        copy.replace(
          VERSION,
          " */\nexport const DATA_FILE_VERSION = 2;",
          " * 3: an endpoint's url is kept without a trailing slash.\n */\nexport const DATA_FILE_VERSION = 3;",
        ),
    },
    3: {
      names: "engine.table(name, schema, { upgrades",
      files: [STORE],
      apply(copy) {
        copy.replace(STORE, ENDPOINT_BEFORE, ENDPOINT_AFTER);
        copy.replace(
          STORE,
          'engine.table("messaging_url_groups", urlGroup)',
          'engine.table("messaging_url_groups", urlGroup, { upgrades: URL_GROUP_UPGRADES })',
        );
        copy.replace(
          STORE,
          'import { type RecordStore, recordStore } from "../../storage/record-store.ts";\n',
          'import { type RecordStore, recordStore } from "../../storage/record-store.ts";\nimport type { TableOptions } from "../../storage/table-declaration.ts";\n',
        );
      },
    },
    4: {
      names: "test/data-file-upgrade.test.ts",
      files: [TEST],
      apply: (copy) => copy.write(TEST, UPGRADE_TEST),
    },
  },
  checks: [
    { folder: EMULATOR, command: "npx", args: ["vitest", "run", "test/data-file-v2-upgrade.test.ts"] },
    { folder: EMULATOR, command: "npx", args: ["tsc", "-p", "tsconfig.json", "--noEmit"] },
  ],
  // Without the committed file there is nothing to open; without the new version the upgrade
  // never runs and the old row stops the start; without the upgrade the url keeps its slash.
  omissions: [
    { step: 1, check: 0 },
    { step: 2, check: 0 },
    { step: 3, check: 0 },
  ],
};
