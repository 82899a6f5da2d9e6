import { z } from "zod";
import type { AreaContext } from "../../state/area.ts";
import type { StorageEngine } from "../../storage/engine.ts";
import { KeptNewest } from "../../storage/kept-newest.ts";
import { pageOf } from "../../storage/page.ts";
import { type Table, valuesOf } from "../../storage/table.ts";
import { storedMessage } from "./message-record.ts";

/** The Workflow SDK's `FailureCallbackInfo`: the state, and the answer when the callback failed. */
export const failureCallbackInfo = z.looseObject({
  state: z.enum(["CALLBACK_INPROGRESS", "CALLBACK_SUCCESS", "CALLBACK_FAIL"]),
  responseStatus: z.number().optional(),
  responseHeaders: z.record(z.string(), z.array(z.string())).optional(),
  /** UTF-8 text of the failed callback's answer. */
  responseBody: z.string().optional(),
});

export const storedDlqMessage = z.looseObject({
  dlqId: z.string(),
  message: storedMessage,
  /** When it was moved to the DLQ (emulator clock, ms). */
  failedAt: z.number(),
  responseStatus: z.number().optional(),
  responseHeader: z.record(z.string(), z.array(z.string())).optional(),
  /** Base64 of the last response body. */
  responseBody: z.string().optional(),
  /** A workflow run's entry: how its failure callback (the failure function) went. */
  failureCallbackInfo: failureCallbackInfo.optional(),
});

export type StoredDlqMessage = z.infer<typeof storedDlqMessage>;
export type FailureCallbackInfo = z.infer<typeof failureCallbackInfo>;

/** One page of the DLQ: its entries, and the cursor of the next page when more match. */
export interface DlqPage {
  entries: StoredDlqMessage[];
  next?: string;
}

/** Messages that failed for good, in the order they failed. */
export interface DlqStore {
  /** Adds the entry, or replaces the one with its `dlqId` in its place. */
  add(entry: StoredDlqMessage): void;
  get(dlqId: string): StoredDlqMessage | undefined;
  remove(dlqId: string): boolean;
  /**
   * Up to `limit` entries that `accept` lets through, from the cursor on (the start without
   * one). A page costs the entries it looks at, not the size of the DLQ; `next` is given only
   * when another entry matches after this page. A cursor this API did not give is a `CursorError`.
   */
  page(
    accept: (entry: StoredDlqMessage) => boolean,
    cursor: string | undefined,
    limit: number,
    newestFirst?: boolean,
  ): DlqPage;
  /** Every entry, oldest first. */
  all(): IterableIterator<StoredDlqMessage>;
  count(): number;
  clear(): void;
}

/** The DLQ, its newest `limits.keptDlq` entries within `limits.keptDlqBytes` (the oldest go first, said once). */
export function dlqStore(engine: StorageEngine, context: AreaContext): DlqStore {
  const { limits } = context;
  const kept = new KeptNewest(engine.table("messaging_dlq", storedDlqMessage), engine.units, () => ({
    count: limits.keptDlq,
    bytes: limits.keptDlqBytes,
    dropping: () =>
      context.noticeOnce(
        "dlq",
        `the DLQ keeps the newest ${limits.keptDlq} entries and ${limits.keptDlqBytes} bytes (limits.keptDlq, limits.keptDlqBytes); older ones are dropped from now on`,
      ),
  }));
  return new DlqTable(kept);
}

class DlqTable implements DlqStore {
  readonly #table: Table<StoredDlqMessage>;

  constructor(table: Table<StoredDlqMessage>) {
    this.#table = table;
  }

  add(entry: StoredDlqMessage): void {
    this.#table.put(entry.dlqId, entry);
  }

  get(dlqId: string): StoredDlqMessage | undefined {
    return this.#table.get(dlqId);
  }

  remove(dlqId: string): boolean {
    return this.#table.delete(dlqId);
  }

  page(
    accept: (entry: StoredDlqMessage) => boolean,
    cursor: string | undefined,
    limit: number,
    newestFirst = false,
  ): DlqPage {
    return pageOf(this.#table, { accept, cursor, limit, newestFirst });
  }

  all(): IterableIterator<StoredDlqMessage> {
    return valuesOf(this.#table.scan());
  }

  count(): number {
    return this.#table.count();
  }

  clear(): void {
    this.#table.clear();
  }
}
