import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { startBin } from "./start-bin.ts";
import { fillEveryKindOfState } from "./state-helpers.ts";

const BIN = join(import.meta.dirname, "../dist/bin.js");
const run = promisify(execFile);
const folders: string[] = [];
afterEach(async () => {
  await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
});

async function folder(): Promise<string> {
  const made = await mkdtemp(join(tmpdir(), "stashkit-snapshot-bin-"));
  folders.push(made);
  return made;
}

/** The parts of a running command that `fillEveryKindOfState` needs, read from its banner. */
function fromBanner(url: string, banner: string) {
  const read = (name: string) => new RegExp(`${name}=(\\S+)`).exec(banner)?.[1] as string;
  return {
    url,
    messagingToken: read("QSTASH_TOKEN"),
    account: { email: read("UPSTASH_EMAIL"), apiKey: read("UPSTASH_API_KEY") },
  };
}

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function snapshotState(file: string): Promise<unknown> {
  return (JSON.parse(await readFile(file, "utf8")) as { state: unknown }).state;
}

describe("stashkit-emulator snapshots", () => {
  it("export <url> <file> writes what --export-on-exit writes on SIGTERM, and --import starts from it", async () => {
    const dir = await folder();
    const [exported, onExit] = [join(dir, "exported.json"), join(dir, "on-exit.json")];
    const first = await startBin(["--export-on-exit", onExit]);
    await fillEveryKindOfState(fromBanner(first.url, first.banner));

    const { stdout } = await run(process.execPath, [BIN, "export", first.url, exported]);
    first.process.kill("SIGTERM");

    expect(stdout).toBe(`stashkit-emulator: wrote a snapshot of ${first.url} to ${exported}\n`);
    expect(await first.exited).toBe(0);
    expect(await snapshotState(onExit)).toEqual(await snapshotState(exported));

    const second = await startBin(["--import", exported]);
    const state = await (await fetch(`${second.url}/__stashkit/state`)).json();
    second.process.kill("SIGTERM");
    await second.exited;
    expect(JSON.parse(JSON.stringify(state))).toEqual(await snapshotState(exported));
  }, 120_000);

  it("export from where no emulator listens fails with one line and exit code 1", async () => {
    const file = join(await folder(), "never.json");
    const url = `http://127.0.0.1:${await closedPort()}`;
    const failed = run(process.execPath, [BIN, "export", url, file]);
    await expect(failed).rejects.toMatchObject({
      code: 1,
      stderr: `stashkit-emulator export: cannot reach ${url}/__stashkit/export (ECONNREFUSED); is the emulator running there?\n`,
    });
  });

  it("export follows no redirect: the control token never reaches another origin", async () => {
    // Where the redirect points: it would answer a snapshot, and records every request.
    const reached: (string | undefined)[] = [];
    const elsewhere = createServer((req, res) => {
      reached.push(req.headers["x-stashkit-control-token"] as string | undefined);
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
    await new Promise<void>((resolve) => elsewhere.listen(0, "127.0.0.1", resolve));
    const target = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}`;
    const redirector = createServer((_req, res) => {
      res.writeHead(307, { location: `${target}/__stashkit/export?from=redirect` }).end();
    });
    await new Promise<void>((resolve) => redirector.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(redirector.address() as AddressInfo).port}`;
    try {
      const file = join(await folder(), "never.json");
      const failed = run(process.execPath, [BIN, "export", url, file, "--control-token", "ctl-secret-1"]);
      await expect(failed).rejects.toMatchObject({
        code: 1,
        stderr: `stashkit-emulator export: ${url}/__stashkit/export answered 307, a redirect to ${target}: not followed, so that the control token goes only to the address given; give the emulator's own URL\n`,
      });
      expect(reached).toEqual([]);
    } finally {
      for (const server of [redirector, elsewhere]) await new Promise((resolve) => server.close(resolve));
    }
  });

  it("a missing --import file stops the start with exit code 2, naming the file", async () => {
    const file = join(await folder(), "missing.json");
    const failed = run(process.execPath, [BIN, "--port", "0", "--import", file]);
    await expect(failed).rejects.toMatchObject({
      code: 2,
      stderr: `stashkit-emulator: snapshot "${file}" cannot be read (ENOENT)\n`,
    });
  });

  it("a bad --seed file stops the start with exit code 2, naming the line", async () => {
    const file = join(await folder(), "seed.yaml");
    await writeFile(file, "queues:\n  - name: orders\n    pasued: true\n");
    const failed = run(process.execPath, [BIN, "--port", "0", "--seed", file]);
    await expect(failed).rejects.toMatchObject({
      code: 2,
      stderr: `stashkit-emulator: seed file "${file}" line 3: queues[0]: unknown field "pasued"\n`,
    });
  });
});
