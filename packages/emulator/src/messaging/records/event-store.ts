import { randomUUID } from "node:crypto";
import { z } from "zod";
import { type AreaContext, storeArea } from "../../state/area.ts";
import type { StorageEngine } from "../../storage/engine.ts";
import { pageOf } from "../../storage/page.ts";
import { type Table, valuesOf } from "../../storage/table.ts";

/** The document's states (`CANCELLED` as it spells it; the SDK's type says `CANCELED`). */
export const EVENT_STATES = [
  "CREATED",
  "ACTIVE",
  "DELIVERED",
  "ERROR",
  "RETRY",
  "FAILED",
  "CANCELLED",
] as const;

/** One step in a message's life, as `GET /v2/events` lists it. */
const storedEvent = z.looseObject({
  time: z.number(),
  state: z.enum(EVENT_STATES),
  messageId: z.string(),
  url: z.string(),
  method: z.string().optional(),
  maxRetries: z.int().optional(),
  queueName: z.string().optional(),
  scheduleId: z.string().optional(),
  topicName: z.string().optional(),
  endpointName: z.string().optional(),
  labels: z.array(z.string()).optional(),
  /** The message's headers, those `Upstash-Redact-Fields` names already hashed (never the originals). */
  header: z.record(z.string(), z.array(z.string())).optional(),
  flowControlKey: z.string().optional(),
  /** The publisher's address, for the `callerIp` filter. */
  callerIp: z.string().optional(),
  nextDeliveryTime: z.number().optional(),
  error: z.string().optional(),
  responseStatus: z.number().optional(),
});

export type StoredEvent = z.infer<typeof storedEvent>;
export type EventState = (typeof EVENT_STATES)[number];

/** The message log behind `GET /v2/events` and `GET /v2/logs`: the newest `limits.keptEvents` events (1% more until a trim). */
export interface EventStore {
  append(event: StoredEvent): void;
  /** A page of the events `accept` lets through, newest first unless `oldestFirst`, from the cursor on. */
  page(request: {
    accept(event: StoredEvent): boolean;
    cursor: string | undefined;
    limit: number;
    oldestFirst: boolean;
  }): { events: StoredEvent[]; next?: string };
  /** Every event kept, oldest first. */
  all(): IterableIterator<StoredEvent>;
  clear(): void;
}

/** The bound's slack: up to `keptEvents / TRIM_BATCHES` more events may be kept until the next trim. */
const TRIM_BATCHES = 100;

class EventTable implements EventStore {
  readonly #table: Table<StoredEvent>;
  readonly #context: AreaContext;

  constructor(table: Table<StoredEvent>, context: AreaContext) {
    this.#table = table;
    this.#context = context;
  }

  append(event: StoredEvent): void {
    // Keys only need to be unique; the table's order is the log's.
    this.#table.put(randomUUID(), event);
    const kept = this.#context.limits.keptEvents;
    const excess = this.#table.count() - kept;
    if (excess <= 0) return;
    this.#context.noticeOnce(
      "events",
      `the message log keeps the newest ${kept} events; older ones are dropped from now on`,
    );
    // Past the bound the oldest go a hundredth of it at a time: one statement per batch, not one
    // per event (a durable queue of 10,000 draining spent a sixth of its time there).
    if (excess > Math.floor(kept / TRIM_BATCHES)) this.#table.dropOldest(excess);
  }

  page(request: Parameters<EventStore["page"]>[0]) {
    const { entries, next } = pageOf(this.#table, {
      accept: request.accept,
      cursor: request.cursor,
      limit: request.limit,
      newestFirst: !request.oldestFirst,
    });
    return next === undefined ? { events: entries } : { events: entries, next };
  }

  all(): IterableIterator<StoredEvent> {
    return valuesOf(this.#table.scan());
  }

  clear(): void {
    this.#table.clear();
  }
}

/** The log of message events behind `client.logs()`. */
export const eventArea = storeArea({
  name: "message-events",
  shape: {
    /** Oldest first; bounded (`limits.keptEvents`), the oldest dropped first. */
    messageEvents: z.array(storedEvent).default([]),
  },
  open: (engine: StorageEngine, context): EventStore =>
    new EventTable(engine.table("messaging_events", storedEvent), context),
  exportKeys: (store) => ({ messageEvents: [...store.all()] }),
  importKeys(store, keys) {
    for (const event of keys.messageEvents) store.append(event);
  },
  reset: (store) => store.clear(),
});
