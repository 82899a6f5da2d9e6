import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { median } from "../median.ts";
import { documents, queries } from "./documents.ts";
import { type EmulatorProcess, startEmulatorProcess } from "./emulator-process.ts";

export interface ScaleSizes {
  documents: number;
  batch: number;
  /** Each write timed this many times (interleaved), at 0 and at `documents` documents. */
  samples: number;
  searches: number;
  drainMessages: number;
}

/** The three writes of E2, each as the median ms of its samples. */
export interface Writes {
  publish: number;
  upsert: number;
  queue: number;
}

export interface ScaleFigures {
  store: "memory" | "durable";
  emptyStartMs: number;
  writesAtZero: Writes;
  fillMs: number;
  writesAtFull: Writes;
  rssMb: number;
  peakRssMb: number;
  searchP95Ms: number;
  /** The start of an emulator on the full data file (durable only). */
  fullStartMs: number | undefined;
  drainMs: number;
  /** The emulator's CPU time (user + system) while filling, and while enqueuing and draining, ms. */
  fillCpuMs: number;
  drainCpuMs: number;
}

/**
 * One store measured from outside, as users meet it: the emulator in a process of its own, driven
 * over loopback HTTP. Empty start and writes at 0 documents; then `documents` upserted in batches,
 * the same writes again, memory, searches; then (durable) a restart on that file; then a paused
 * queue of `drainMessages` resumed and timed until a local destination has every message.
 */
export async function measureStore(store: "memory" | "durable", sizes: ScaleSizes): Promise<ScaleFigures> {
  const folder = mkdtempSync(join(tmpdir(), "stashkit-bench-storage-"));
  const dataFile = store === "durable" ? join(folder, "state.db") : undefined;
  try {
    let emulator = await startEmulatorProcess(dataFile);
    const emptyStartMs = emulator.startMs;
    const api = client(emulator);
    const index = await api.createIndex("bench");
    let extra = sizes.documents;
    const sampleWrites = async (): Promise<Writes> => {
      const times: Record<keyof Writes, number[]> = { publish: [], upsert: [], queue: [] };
      for (let n = 0; n < sizes.samples; n++) {
        times.publish.push(await timed(() => api.publishLater()));
        extra += sizes.batch;
        const batch = documents(sizes.batch, extra);
        times.upsert.push(await timed(() => api.upsert(index, "writes", batch)));
        times.queue.push(await timed(() => api.upsertQueue(`q-${n % 20}`)));
      }
      return { publish: median(times.publish), upsert: median(times.upsert), queue: median(times.queue) };
    };
    const writesAtZero = await sampleWrites();
    const cpuBeforeFill = emulator.cpuMs();
    const fillMs = await fill(api, index, sizes);
    const fillCpuMs = emulator.cpuMs() - cpuBeforeFill;
    const writesAtFull = await sampleWrites();
    const { rssMb, peakMb } = emulator.memory();
    const searchTimes: number[] = [];
    for (const query of queries(sizes.searches))
      searchTimes.push(await timed(() => api.search(index, query)));
    let fullStartMs: number | undefined;
    if (dataFile !== undefined) {
      await emulator.stop();
      emulator = await startEmulatorProcess(dataFile);
      fullStartMs = emulator.startMs;
    }
    const drainStarted = emulator.cpuMs();
    const drainMs = await drain(client(emulator), sizes.drainMessages);
    const drainCpuMs = emulator.cpuMs() - drainStarted;
    await emulator.stop();
    return {
      store,
      emptyStartMs,
      writesAtZero,
      fillMs,
      writesAtFull,
      rssMb,
      peakRssMb: peakMb,
      searchP95Ms: percentile(searchTimes, 0.95),
      fullStartMs,
      drainMs,
      fillCpuMs,
      drainCpuMs,
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** `sizes.documents` upserted into the index's `bench` namespace in batches: ms it took. */
function fill(api: ReturnType<typeof client>, index: Index, sizes: ScaleSizes): Promise<number> {
  return timed(async () => {
    for (let at = 0; at < sizes.documents; at += sizes.batch) {
      await api.upsert(index, "bench", documents(Math.min(sizes.batch, sizes.documents - at), at));
    }
  });
}

/** A paused queue of `count` messages (enqueued in batches of 100), resumed: ms until all arrived. */
async function drain(api: ReturnType<typeof client>, count: number): Promise<number> {
  let received = 0;
  let done: () => void = () => {};
  const all = new Promise<void>((resolve) => {
    done = resolve;
  });
  const sink = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      res.end("ok");
      if (++received === count) done();
    });
  });
  await new Promise<void>((resolve) => sink.listen(0, "127.0.0.1", resolve));
  const destination = `http://127.0.0.1:${(sink.address() as AddressInfo).port}/drain`;
  try {
    await api.upsertQueue("drain", { paused: true, parallelism: 10 });
    for (let at = 0; at < count; at += 100)
      await api.enqueueBatch("drain", destination, Math.min(100, count - at));
    return await timed(async () => {
      await api.resume("drain");
      await all;
    });
  } finally {
    sink.close();
  }
}

interface Index {
  url: string;
  token: string;
}

/** The requests the scenarios send, as any client would. */
function client(emulator: EmulatorProcess) {
  const bearer = { authorization: `Bearer ${emulator.token}`, "content-type": "application/json" };
  const send = async (url: string, init: RequestInit): Promise<unknown> => {
    const response = await fetch(url, init);
    const text = await response.text();
    if (!response.ok)
      throw new Error(
        `${init.method ?? "GET"} ${new URL(url).pathname} answered ${response.status}: ${text}`,
      );
    return text === "" ? undefined : JSON.parse(text);
  };
  return {
    async createIndex(name: string): Promise<Index> {
      const body = JSON.stringify({ name, region: "eu-west-1", type: "payg" });
      const index = (await send(`${emulator.url}/v2/search`, {
        method: "POST",
        headers: { authorization: emulator.basic },
        body,
      })) as { endpoint: string; token: string };
      return { url: index.endpoint, token: index.token };
    },
    upsert: (index: Index, namespace: string, batch: unknown[]) =>
      send(`${index.url}/upsert-data/${namespace}`, {
        method: "POST",
        headers: { authorization: `Bearer ${index.token}`, "content-type": "application/json" },
        body: JSON.stringify(batch),
      }),
    search: (index: Index, query: string) =>
      send(`${index.url}/search/bench`, {
        method: "POST",
        headers: { authorization: `Bearer ${index.token}`, "content-type": "application/json" },
        body: JSON.stringify({ query, topK: 10, includeData: true }),
      }),
    // Delayed a day: a publish is timed as the write it is, with no delivery beside it.
    publishLater: () =>
      send(`${emulator.url}/v2/publish/http://127.0.0.1:9/later`, {
        method: "POST",
        headers: { ...bearer, "upstash-delay": "1d" },
        body: "{}",
      }),
    upsertQueue: (queueName: string, settings: { paused?: boolean; parallelism?: number } = {}) =>
      send(`${emulator.url}/v2/queues`, {
        method: "POST",
        headers: bearer,
        body: JSON.stringify({ queueName, parallelism: 1, ...settings }),
      }),
    enqueueBatch: (queue: string, destination: string, count: number) =>
      send(`${emulator.url}/v2/batch`, {
        method: "POST",
        headers: bearer,
        body: JSON.stringify(
          Array.from({ length: count }, (_, n) => ({ destination, queue, body: `m${n}` })),
        ),
      }),
    resume: (queue: string) =>
      send(`${emulator.url}/v2/queues/${queue}/resume`, { method: "POST", headers: bearer }),
  };
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

export function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? Number.NaN;
}
