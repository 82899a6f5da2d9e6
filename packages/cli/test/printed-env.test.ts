import { type ChildProcess, spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { apiEnv, BIN, cleanEnv, emulatorFor, runCli, type Secrets, secrets, stopAll } from "./cli.ts";

const EMULATOR_BIN = join(dirname(fileURLToPath(import.meta.resolve("@stashkit/emulator"))), "bin.js");

const started: ChildProcess[] = [];
afterEach(() => stopAll(started));

/** Starts an emulator command on a free port and returns what it printed once it is listening. */
async function printedBy(args: string[], until: RegExp): Promise<string> {
  const child = spawn(process.execPath, [...args, "--port", "0"], {
    env: cleanEnv(),
    stdio: ["ignore", "pipe", "inherit"],
  });
  started.push(child);
  let printed = "";
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      printed += chunk.toString();
      if (until.test(printed)) resolve();
    });
    child.once("exit", (code) => reject(new Error(`${args.join(" ")} exited ${code}: ${printed}`)));
  });
  return printed;
}

/** Every `NAME=value` the lines hold (with or without `export`): what a user pastes into a shell. */
function variables(printed: string): Record<string, string> {
  return Object.fromEntries([...printed.matchAll(/\b([A-Z][A-Z0-9_]*)=(\S+)/g)].map((m) => [m[1], m[2]]));
}

/** An index made through the management API at the printed URL, with the printed credentials. */
async function createIndex(env: Record<string, string>, name: string): Promise<void> {
  const basic = Buffer.from(`${env["UPSTASH_EMAIL"]}:${env["UPSTASH_API_KEY"]}`).toString("base64");
  const response = await fetch(`${env["STASHKIT_BASE_URL"]}/v2/search`, {
    method: "POST",
    headers: { authorization: `Basic ${basic}`, "content-type": "application/json" },
    body: JSON.stringify({ name, region: "eu-west-1", type: "free" }),
  });
  expect(response.status).toBe(200);
}

describe("the variables an emulator prints are all `stashkit search list` needs", () => {
  it.each([
    ["stashkit emulator", [BIN, "emulator"], /control API/],
    ["stashkit-emulator", [EMULATOR_BIN], /control API/],
  ])("%s: its lines, pasted as the environment, list its indexes", async (_name, args, until) => {
    const printed = variables(await printedBy(args, until));
    expect(printed["STASHKIT_BASE_URL"]).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    await createIndex(printed, "pasted-env");

    const run = await runCli(["search", "list", "--format", "json"], cleanEnv(printed));
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).indexes.map((i: { name: string }) => i.name)).toEqual(["pasted-env"]);
  });
});

describe("--search-index: the printed search variables reach the index", () => {
  it.each([
    ["stashkit emulator", [BIN, "emulator"], /control API/],
    ["stashkit-emulator", [EMULATOR_BIN], /control API/],
  ])("%s", async (_name, args, until) => {
    const printed = variables(await printedBy([...args, "--search-index", "shop"], until));
    const url = printed["UPSTASH_SEARCH_REST_URL"] as string;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/search\/\S+$/);
    // The data plane's REST routes, as Search.fromEnv() would call them with these two values.
    const headers = { authorization: `Bearer ${printed["UPSTASH_SEARCH_REST_TOKEN"]}` };
    const documents = [{ id: "s1", content: { title: "shoes" } }];
    const upsert = await fetch(`${url}/upsert-data/products`, {
      method: "POST",
      headers,
      body: JSON.stringify(documents),
    });
    expect(upsert.status).toBe(200);
    const found = await fetch(`${url}/search/products`, {
      method: "POST",
      headers,
      body: JSON.stringify({ query: "shoes", topK: 5 }),
    });
    expect(((await found.json()) as { result: { id: string }[] }).result.map((d) => d.id)).toEqual(["s1"]);
  });
});

describe("STASHKIT_BASE_URL", () => {
  it("is where `search …` sends without --base-url; --base-url wins over it", async () => {
    const s = secrets();
    const emulator = await emulatorFor(s);
    try {
      const env = apiEnv(emulator, s, { STASHKIT_BASE_URL: emulator.url });
      const ensured = await runCli(["search", "ensure", "--name", "from-env-url"], env);
      expect(ensured.code, ensured.stderr).toBe(0);
      expect(emulator.state.indexes.map((i) => i.index.name)).toEqual(["from-env-url"]);
      const flagWins = await runCli(
        ["search", "list", "--base-url", emulator.url],
        apiEnv(emulator, s, { STASHKIT_BASE_URL: "http://127.0.0.1:9" }),
      );
      expect(flagWins.code, flagWins.stderr).toBe(0);
      expect(flagWins.stdout).toContain("from-env-url");
    } finally {
      await emulator.stop();
    }
  });

  it("refused, is named in the error, and nothing is sent", async () => {
    const s = secrets();
    const run = await runCli(
      ["search", "list"],
      cleanEnv({ ...credentialsOf(s), STASHKIT_BASE_URL: "ftp://x" }),
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^error: stashkit search list: STASHKIT_BASE_URL /);
  });
});

function credentialsOf(s: Secrets): Record<string, string> {
  return { UPSTASH_EMAIL: s.email, UPSTASH_API_KEY: s.apiKey };
}

// The image's settings, through this front end: anyone who reaches the port may use the public credentials.
it("stashkit emulator bound beyond loopback with the public credentials warns on stderr and in its banner", async () => {
  const child = spawn(process.execPath, [BIN, "emulator", "--host", "0.0.0.0", "--port", "0"], {
    env: cleanEnv(),
    stdio: ["ignore", "pipe", "pipe"],
  });
  started.push(child);
  let [printed, stderr] = ["", ""];
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      printed += chunk.toString();
      if (printed.includes("control API")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`exited ${code}: ${stderr}`)));
  });
  expect(stderr).toMatch(
    /^stashkit emulator: warning: listening on 0\.0\.0\.0 \(beyond loopback\) with the public default messaging token and account: anyone who reaches port \d+ can publish/,
  );
  expect(stderr.trimEnd().split("\n")).toHaveLength(1);
  expect(printed).toContain(
    "  warning         listening beyond loopback with the public default messaging token and account (see stderr)",
  );
});
