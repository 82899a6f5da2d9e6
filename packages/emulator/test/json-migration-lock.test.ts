// Two emulators started at once on one JSON data file of an earlier emulator (issue 49): the
// first takes the lock of the database it copies the JSON into before it reads the JSON, so the
// second stops ("in use") instead of copying too and renaming its copy over the first's database,
// and what the first acknowledges survives a restart.
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startEmulator } from "../src/index.ts";
import { messaging } from "./helpers.ts";

const BIN = join(import.meta.dirname, "../dist/bin.js");
const children: ChildProcess[] = [];
const folders: string[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    child.kill("SIGKILL");
    await once(child, "exit");
  }
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A JSON data file large enough that copying it takes a while: many search documents. */
function bigJsonFile(): string {
  const folder = mkdtempSync(join(tmpdir(), "stashkit-json-lock-"));
  folders.push(folder);
  const file = join(folder, "state.json");
  const index = "00000000-0000-4000-8000-000000000001";
  const documents = Array.from({ length: 20_000 }, (_, n) => ({
    id: `doc-${n}`,
    content: { text: `document number ${n} of a large old data file` },
  }));
  writeFileSync(file, JSON.stringify({ queues: {}, searchDocuments: { [index]: { "": documents } } }));
  return file;
}

interface Started {
  child: ChildProcess;
  /** "listening" with the URL once it listens, or how it exited. */
  outcome: Promise<{ listening: string } | { code: number | null; stderr: string }>;
}

function startBin(dataFile: string): Started {
  const child = spawn(process.execPath, [BIN, "--port", "0", "--data-file", dataFile]);
  children.push(child);
  let stdout = "";
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const outcome = new Promise<{ listening: string } | { code: number | null; stderr: string }>((resolve) => {
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
      const url = /listening on (http:\/\/\S+)/.exec(stdout)?.[1];
      if (url && stdout.includes("control API")) resolve({ listening: url });
    });
    child.once("exit", (code) => resolve({ code, stderr }));
  });
  return { child, outcome };
}

describe("two emulators started at once on one JSON data file", () => {
  it("lets one copy it and stops the other, and what the one acknowledges survives a restart", async () => {
    const file = bigJsonFile();
    const both = [startBin(file), startBin(file)];
    const outcomes = await Promise.all(both.map((started) => started.outcome));
    const serving = outcomes.flatMap((outcome, at) =>
      "listening" in outcome ? [{ at, url: outcome.listening }] : [],
    );
    const stopped = outcomes.filter((outcome) => "code" in outcome);
    expect(serving).toHaveLength(1);
    expect(stopped).toEqual([
      {
        code: 2,
        stderr: expect.stringMatching(
          /^stashkit-emulator: data file "[^"]+state\.json\.db" is in use by another emulator \(or another program holds it locked\): stop that one, or choose another --data-file\n$/,
        ),
      },
    ]);
    const [one] = serving;
    const token = "stashkit-emulator-qstash-token";
    const answer = await fetch(`${one?.url}/v2/queues`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ queueName: "acknowledged", paused: true }),
    });
    expect(answer.status).toBe(200);
    const child = both[one?.at ?? 0]?.child as ChildProcess;
    child.kill("SIGTERM");
    await once(child, "exit");
    const again = await startEmulator({ dataFile: file });
    try {
      expect((await messaging(again).get("acknowledged")).status).toBe(200);
      expect(Object.values(again.state.searchDocuments)[0]?.[""]).toHaveLength(20_000);
    } finally {
      await again.stop();
    }
  });
});
