import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEFAULT_ACCOUNT } from "@stashkit/emulator/internal";
import { basicAuthorization } from "@stashkit/testing";
import { root } from "./environment.ts";
import { check, type Scenario } from "./suite.ts";

const BASIC = basicAuthorization(DEFAULT_ACCOUNT);
/** Documents upserted while the emulator is killed, in batches of 100, four in flight. */
const DOCUMENTS = 100_000;
const BATCH = 100;

interface Bin {
  url: string;
  child: ChildProcess;
  exited: Promise<unknown>;
}

async function startBin(dataFile: string): Promise<Bin> {
  const child = spawn(
    process.execPath,
    [join(root, "packages/emulator/dist/bin.js"), "--port", "0", "--data-file", dataFile],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  const exited = new Promise((resolve) => child.on("exit", resolve));
  let banner = "";
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      banner += chunk.toString();
      const found = /listening on (http:\/\/\S+)/.exec(banner)?.[1];
      if (found) resolve(found);
    });
    child.once("exit", () => reject(new Error("the emulator exited before listening")));
  });
  return { url, child, exited };
}

async function stop(bin: Bin): Promise<void> {
  bin.child.kill("SIGTERM");
  await bin.exited;
}

/** A data file in a folder of its own, removed however the scenario ends. */
async function withDataFile(use: (dataFile: string) => Promise<void>): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), "stashkit-durability-"));
  try {
    await use(join(folder, "state.db"));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** SIGKILL in the middle of a burst of creates: every acknowledged index survives the restart. */
async function killDuringCreates(dataFile: string): Promise<void> {
  const first = await startBin(dataFile);
  const acknowledged: string[] = [];
  const burst = Array.from({ length: 80 }, async (_, n) => {
    try {
      const response = await fetch(`${first.url}/v2/search`, {
        method: "POST",
        headers: { authorization: BASIC },
        body: JSON.stringify({ name: `burst-${n}`, region: "eu-west-1", type: "free" }),
      });
      if (response.ok) acknowledged.push(((await response.json()) as { id: string }).id);
    } catch {
      // cut off by the kill: never acknowledged
    }
  });
  while (acknowledged.length < 10) await new Promise((resolve) => setImmediate(resolve));
  first.child.kill("SIGKILL");
  await Promise.all(burst);
  await first.exited;

  const second = await startBin(dataFile);
  try {
    const listed = (await (
      await fetch(`${second.url}/v2/search`, { headers: { authorization: BASIC } })
    ).json()) as { id: string }[];
    const ids = new Set(listed.map((index) => index.id));
    const lost = acknowledged.filter((id) => !ids.has(id));
    check(lost.length === 0, `${lost.length} of ${acknowledged.length} acknowledged creates were lost`);
  } finally {
    await stop(second);
  }
}

/**
 * SIGKILL once half of 100,000 documents' upserts are acknowledged: after a restart every
 * acknowledged document is there, and the index searches.
 */
async function killDuringUpserts(dataFile: string): Promise<void> {
  const first = await startBin(dataFile);
  const index = (await (
    await fetch(`${first.url}/v2/search`, {
      method: "POST",
      headers: { authorization: BASIC },
      body: JSON.stringify({ name: "durable-documents", region: "eu-west-1", type: "payg" }),
    })
  ).json()) as { endpoint: string; token: string };
  const acknowledged = await upsertUntilKilled(first, index);
  await first.exited;

  const second = await startBin(dataFile);
  try {
    const restarted = { endpoint: index.endpoint.replace(first.url, second.url), token: index.token };
    const kept = await idsIn(restarted);
    const lost = acknowledged.filter((id) => !kept.has(id));
    check(
      acknowledged.length >= DOCUMENTS / 2,
      `only ${acknowledged.length} documents were acknowledged before the kill`,
    );
    check(lost.length === 0, `${lost.length} of ${acknowledged.length} acknowledged documents were lost`);
    const hits = (await call(restarted, "search/docs", { query: "word7", topK: 5 })) as unknown[];
    check(hits.length > 0, "the restarted index finds nothing");
  } finally {
    await stop(second);
  }
}

/** Upserts batches four at a time; kills the emulator once half are acknowledged. Answers the acknowledged ids. */
async function upsertUntilKilled(bin: Bin, index: { endpoint: string; token: string }): Promise<string[]> {
  const acknowledged: string[] = [];
  let next = 0;
  let killed = false;
  const writer = async () => {
    while (!killed && next < DOCUMENTS) {
      const first = next;
      next += BATCH;
      const batch = Array.from({ length: BATCH }, (_, n) => ({
        id: `doc-${first + n}`,
        content: { text: `word${(first + n) % 10} document ${first + n}` },
      }));
      try {
        await call(index, "upsert-data/docs", batch);
        acknowledged.push(...batch.map((document) => document.id));
      } catch {
        return; // cut off by the kill: never acknowledged
      }
      if (!killed && acknowledged.length >= DOCUMENTS / 2) {
        killed = true;
        bin.child.kill("SIGKILL");
      }
    }
  };
  await Promise.all(Array.from({ length: 4 }, writer));
  return acknowledged;
}

/** Every id in the namespace, read page by page. */
async function idsIn(index: { endpoint: string; token: string }): Promise<Set<string>> {
  const ids = new Set<string>();
  let cursor = "0";
  do {
    const page = (await call(index, "range/docs", { cursor, limit: 1000 })) as {
      nextCursor: string;
      vectors: { id: string }[];
    };
    for (const document of page.vectors) ids.add(document.id);
    cursor = page.nextCursor;
  } while (cursor !== "");
  return ids;
}

async function call(
  index: { endpoint: string; token: string },
  route: string,
  body: unknown,
): Promise<unknown> {
  const response = await fetch(`${index.endpoint}/${route}`, {
    method: "POST",
    headers: { authorization: `Bearer ${index.token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { result?: unknown; error?: string };
  if (!response.ok) throw new Error(`${route} answered ${response.status}: ${answer.error}`);
  return answer.result;
}

/** The emulator's data file (SQLite, `--data-file`) under SIGKILL: nothing acknowledged is lost. */
export function durabilityScenarios(): Scenario[] {
  return [
    {
      section: "emulator durability",
      name: "SIGKILL during 80 concurrent creates, then restart",
      run: () => withDataFile(killDuringCreates),
    },
    {
      section: "emulator durability",
      name: `SIGKILL while upserting ${DOCUMENTS.toLocaleString("en")} documents, then restart`,
      run: () => withDataFile(killDuringUpserts),
    },
  ];
}
