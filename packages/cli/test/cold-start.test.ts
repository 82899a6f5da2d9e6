// What a cold `stashkit search ensure` loads, from the built bin, as a shell runs it: what bench
// C1 found it loading when it missed its target (undici behind an ES import of node:http, yaml
// and croner in the chunk every command shared) must stay out. Loaded modules, not time: the
// verdict does not depend on the machine's load.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { RunningEmulator } from "@stashkit/emulator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiEnv, emulatorFor, runCli, secrets } from "./cli.ts";

const s = secrets();
let emulator: RunningEmulator;
let folder: string;

beforeAll(async () => {
  emulator = await emulatorFor(s);
  folder = mkdtempSync(join(tmpdir(), "stashkit-cold-start-"));
});
afterAll(async () => {
  await emulator.stop();
  rmSync(folder, { recursive: true, force: true });
});

/** Preloaded into the CLI's process: records every module it loads, and Node's own, at exit. */
const RECORDER = `
import { writeFileSync } from "node:fs";
import { registerHooks } from "node:module";
const loaded = [];
registerHooks({ load(url, context, next) { loaded.push(url); return next(url, context); } });
process.on("exit", () => writeFileSync(process.env.RECORD_TO, JSON.stringify({
  modules: loaded,
  builtins: process.moduleLoadList.filter((name) => name.startsWith("NativeModule ")),
})));
`;

interface Loaded {
  /** The CLI's own files that ran, with their text. */
  files: { url: string; text: string }[];
  builtins: string[];
}

async function loadedBy(args: string[]): Promise<Loaded> {
  const recorder = join(folder, "recorder.mjs");
  writeFileSync(recorder, RECORDER);
  const record = join(folder, `${args.slice(0, 2).join("-")}.json`);
  const run = await runCli(
    args,
    apiEnv(emulator, s, {
      NODE_OPTIONS: `--import=${recorder}`,
      RECORD_TO: record,
      STASHKIT_BASE_URL: emulator.url,
    }),
  );
  expect(run.stderr).toBe("");
  expect(run.code).toBe(0);
  const { modules, builtins } = JSON.parse(readFileSync(record, "utf8")) as {
    modules: string[];
    builtins: string[];
  };
  const files = modules
    .filter((url) => url.startsWith("file:") && url.includes("/packages/cli/dist/"))
    .map((url) => ({ url, text: readFileSync(fileURLToPath(url), "utf8") }));
  return { files, builtins };
}

describe("a cold `stashkit search ensure`", () => {
  let loaded: Loaded;
  beforeAll(async () => {
    loaded = await loadedBy(["search", "ensure", "--name", "cold-start", "--region", "eu-west-1"]);
  });

  it("runs from the CLI's chunks (the recording sees them)", () => {
    expect(loaded.files.length).toBeGreaterThan(3);
    expect(loaded.files.some(({ text }) => text.includes("ensure"))).toBe(true);
    expect(loaded.builtins).toContain("NativeModule http");
  });

  it.each([
    [
      "undici (Node's fetch: an ES import of node:http brings it)",
      "NativeModule internal/deps/undici/undici",
    ],
    ["node:crypto (nothing is hashed)", "NativeModule crypto"],
    ["node:zlib (the answer is not compressed)", "NativeModule zlib"],
  ])("loads no %s", (_what, builtin) => {
    expect(loaded.builtins).not.toContain(builtin);
  });

  it.each([
    ["yaml (the QStash declaration's parser)", "YAMLParseError"],
    ["croner (the declaration's cron checks)", "CronPattern"],
    ["jose (signing keys: doctor and replay)", "JWSSignatureVerificationFailed"],
  ])("loads no chunk holding %s", (_what, marker) => {
    const holding = loaded.files.filter(({ text }) => text.includes(marker)).map(({ url }) => url);
    expect(holding).toEqual([]);
  });
});

// The markers above stand for the libraries only if the chunks that need them hold them.
it("a `stashkit qstash plan` loads the chunks with yaml and croner (the markers are right)", async () => {
  const declaration = join(folder, "stashkit.qstash.yaml");
  writeFileSync(
    declaration,
    [
      "version: 1",
      "environments:",
      "  production: {}",
      "schedules:",
      "  - id: nightly",
      '    cron: "0 3 * * *"',
      "    destination: https://example.com/nightly",
      "",
    ].join("\n"),
  );
  const { files } = await loadedBy(["qstash", "plan", "--config", declaration, "--env", "production"]);
  const texts = files.map(({ text }) => text).join("\n");
  expect(texts).toContain("YAMLParseError");
  expect(texts).toContain("CronPattern");
});
