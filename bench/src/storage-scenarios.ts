// E2–E5: the emulator's storage at scale, in memory and durable, measured from outside in one run
// (src/storage/scale-run.ts), with MiniSearch used directly as the floor for search. Issue 34's
// targets: E2 writes at N documents ≤ 1.5 × at 0 and ≤ 3 × in memory; E3 a start on N documents
// ≤ 2 s and ≤ 3 × an empty start; E4 RSS at N ≤ 250 MB; E5 filling and draining durable at
// least half as fast as in memory.
import type { Requests, Row } from "./row.ts";
import { miniSearchP95 } from "./storage/minisearch-floor.ts";
import { measureStore, type ScaleFigures, type ScaleSizes, type Writes } from "./storage/scale-run.ts";
import { type Judgement, verdictOf } from "./verdict.ts";

const NO_REQUESTS: Requests = { api: 0, rateLimited: 0, github: 0 };

/** The ids `--only=` knows these rows by. */
export const STORAGE_SCENARIOS = ["E2", "E3", "E4", "E5"];

export function storageSizes(quick: boolean): ScaleSizes {
  return quick
    ? { documents: 2_000, batch: 100, samples: 5, searches: 50, drainMessages: 500 }
    : { documents: 100_000, batch: 100, samples: 30, searches: 300, drainMessages: 10_000 };
}

/** The rows; `against` says what is compared, at N = the documents of `storageSizes`. */
export async function storageRows(quick: boolean): Promise<Row[]> {
  const sizes = storageSizes(quick);
  const memory = await measureStore("memory", sizes);
  const durable = await measureStore("durable", sizes);
  const floor = miniSearchP95(sizes.documents, sizes.batch, sizes.searches);
  const n = sizes.documents.toLocaleString("en");
  return storageTable({ memory, durable, floor, n, sizes, row: (fields) => toRow(fields, quick, sizes) });
}

// size: table
function storageTable(parts: {
  memory: ScaleFigures;
  durable: ScaleFigures;
  floor: number;
  n: string;
  sizes: ScaleSizes;
  row: (fields: RowFields) => Row;
}): Row[] {
  const { memory, durable, floor, n, sizes, row } = parts;
  return [
    ...(["publish", "upsert", "queue"] as const).flatMap((write) => [
      row({
        id: "E2",
        title: `${WRITE_NAMES[write]}, durable at ${n} documents`,
        against: `${write}: durable, at N vs at 0`,
        ours: durable.writesAtFull[write],
        theirs: durable.writesAtZero[write],
        target: 1.5,
      }),
      row({
        id: "E2",
        title: `${WRITE_NAMES[write]}, durable at ${n} documents`,
        against: `${write}: at N, durable vs memory`,
        ours: durable.writesAtFull[write],
        theirs: memory.writesAtFull[write],
        target: 3,
        note: `in memory at 0: ${memory.writesAtZero[write].toFixed(1)} ms`,
      }),
    ]),
    row({
      id: "E3",
      title: `start on a data file of ${n} documents`,
      against: "start: at N vs empty (durable)",
      ours: durable.fullStartMs ?? Number.NaN,
      theirs: durable.emptyStartMs,
      target: 3,
      own: { text: "≤ 2000 ms", judges: "time", met: (durable.fullStartMs ?? Number.NaN) <= 2000 },
      note: `in memory, an empty start: ${memory.emptyStartMs.toFixed(0)} ms`,
    }),
    ...[memory, durable].map((figures) =>
      row({
        id: "E4",
        title: `resident memory at ${n} documents, ${figures.store}`,
        against: `RSS at N, ${figures.store}`,
        ours: Number.NaN,
        theirs: Number.NaN,
        rssMb: figures.rssMb,
        own: { text: "RSS ≤ 250 MB", judges: "memory", met: figures.rssMb <= 250 },
        note: `peak ${figures.peakRssMb.toFixed(0)} MB`,
      }),
    ),
    row({
      id: "E5",
      title: `upsert ${n} documents in batches of ${sizes.batch}, durable`,
      against: "fill to N: durable vs memory",
      ours: durable.fillMs,
      theirs: memory.fillMs,
      target: 2,
      cpu: [durable.fillCpuMs, memory.fillCpuMs],
      note: `${rate(sizes.documents, durable.fillMs)} vs ${rate(sizes.documents, memory.fillMs)} documents/s`,
    }),
    ...[memory, durable].map((figures) =>
      row({
        id: "E5",
        title: `search p95 at ${n} documents, ${figures.store} (HTTP)`,
        against: `search p95: ${figures.store} vs MiniSearch`,
        ours: figures.searchP95Ms,
        theirs: floor,
        note: "reported, no target",
      }),
    ),
    row({
      id: "E5",
      title: `a paused queue of ${sizes.drainMessages.toLocaleString("en")} messages drains, durable`,
      against: "drain: durable vs memory",
      ours: durable.drainMs,
      theirs: memory.drainMs,
      target: 2,
      cpu: [durable.drainCpuMs, memory.drainCpuMs],
      note: `${rate(sizes.drainMessages, durable.drainMs)} vs ${rate(sizes.drainMessages, memory.drainMs)} messages/s`,
    }),
  ];
}

const WRITE_NAMES: Record<keyof Writes, string> = {
  publish: "a publish",
  upsert: "a 100-document upsert",
  queue: "a queue upsert",
};

interface RowFields {
  id: string;
  title: string;
  against: string;
  ours: number;
  theirs: number;
  /** Ours ÷ theirs at most this. */
  target?: number;
  own?: { text: string } & Judgement;
  rssMb?: number;
  /** The emulator's CPU time on each side (ours, theirs), ms. */
  cpu?: [number, number];
  note?: string;
}

function toRow(fields: RowFields, quick: boolean, sizes: ScaleSizes): Row {
  const ratio = fields.ours / fields.theirs;
  const judgements: Judgement[] = [
    ...(fields.target === undefined ? [] : [{ judges: "time" as const, met: ratio <= fields.target }]),
    ...(fields.own ? [{ judges: fields.own.judges, met: fields.own.met }] : []),
  ];
  return {
    scenario: fields.id,
    title: fields.title,
    against: fields.against,
    oursMs: fields.ours,
    theirsMs: fields.theirs,
    ratio,
    target: fields.target,
    ownTarget: fields.own?.text,
    verdict: verdictOf(judgements, quick),
    note: fields.note,
    oursRssMb: fields.rssMb ?? Number.NaN,
    ...(fields.cpu ? { oursCpuMs: fields.cpu[0], theirsCpuMs: fields.cpu[1] } : {}),
    pairs: sizes.samples,
    oursRequests: NO_REQUESTS,
    theirsRequests: undefined,
  };
}

function rate(count: number, ms: number): string {
  return (count / (ms / 1000)).toFixed(0);
}

export type { ScaleFigures };
