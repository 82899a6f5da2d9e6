import { randomUUID } from "node:crypto";
import type { StorageEngine } from "../../storage/engine.ts";
import { BTree } from "../../storage/memory/btree.ts";
import type { Table } from "../../storage/table.ts";
import type { StoredWaiter } from "./records.ts";

/** Waits one run may have open at once, and all runs together (each a documented limit). */
export const MAX_WAITS_PER_RUN = 100;
export const MAX_WAITS = 10_000;

export interface WaitEntry {
  id: string;
  waiter: StoredWaiter;
}

/** A wait past a limit: refused with 400 rather than kept. */
export class WaitLimitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WaitLimitError";
  }
}

/**
 * Runs waiting for events, found by event id, and in deadline order by an index kept in memory
 * (made from the table on first use), so the next timeout is found in O(log n).
 */
export interface WaitStore {
  /** Adds a wait; past `MAX_WAITS_PER_RUN` or `MAX_WAITS` it throws a `WaitLimitError`. */
  add(waiter: StoredWaiter): void;
  /** The waits for an event (of one run, when given), oldest first. */
  forEvent(eventId: string, runId?: string): WaitEntry[];
  remove(id: string): void;
  /** Removes the run's waits; answers how many there were. */
  removeRun(runId: string): number;
  /** Removes and answers the waits whose deadline is `now` or earlier. */
  takeDue(now: number): StoredWaiter[];
  earliestDeadline(): number | undefined;
  all(): StoredWaiter[];
  clear(): void;
}

type Deadline = [deadline: number, id: string];

export function waitStore(engine: StorageEngine): WaitStore {
  return new WaitTable(engine.table<StoredWaiter>("workflow_waits"));
}

class WaitTable implements WaitStore {
  readonly #table: Table<StoredWaiter>;
  #index: { deadlines: BTree<Deadline, true>; perRun: Map<string, number> } | undefined;

  constructor(table: Table<StoredWaiter>) {
    this.#table = table;
  }

  add(waiter: StoredWaiter): void {
    const { deadlines, perRun } = this.#indexes();
    if (this.#table.count() >= MAX_WAITS) {
      throw new WaitLimitError(`too many waits: the emulator keeps at most ${MAX_WAITS} waits open`);
    }
    const ofRun = perRun.get(waiter.runId) ?? 0;
    if (ofRun >= MAX_WAITS_PER_RUN) {
      throw new WaitLimitError(
        `too many waits for run "${waiter.runId}": a run may wait for at most ${MAX_WAITS_PER_RUN} events at once`,
      );
    }
    const id = randomUUID();
    this.#table.put(id, waiter, waiter.eventId);
    deadlines.set([waiter.deadline, id], true);
    perRun.set(waiter.runId, ofRun + 1);
  }

  forEvent(eventId: string, runId?: string): WaitEntry[] {
    const found: WaitEntry[] = [];
    for (const { key, value } of this.#table.scan({ group: eventId })) {
      if (runId === undefined || value.runId === runId) found.push({ id: key, waiter: value });
    }
    return found;
  }

  remove(id: string): void {
    const waiter = this.#table.get(id);
    if (waiter === undefined) return;
    this.#table.delete(id);
    const { deadlines, perRun } = this.#indexes();
    deadlines.delete([waiter.deadline, id]);
    const left = (perRun.get(waiter.runId) ?? 1) - 1;
    if (left > 0) perRun.set(waiter.runId, left);
    else perRun.delete(waiter.runId);
  }

  removeRun(runId: string): number {
    const ids = [...this.#table.scan()].filter((entry) => entry.value.runId === runId).map((e) => e.key);
    for (const id of ids) this.remove(id);
    return ids.length;
  }

  takeDue(now: number): StoredWaiter[] {
    const due: WaitEntry[] = [];
    for (const [[deadline, id]] of this.#indexes().deadlines.entries()) {
      if (deadline > now) break;
      const waiter = this.#table.get(id);
      if (waiter !== undefined) due.push({ id, waiter });
    }
    for (const { id } of due) this.remove(id);
    return due.map((entry) => entry.waiter);
  }

  earliestDeadline(): number | undefined {
    return this.#indexes().deadlines.minKey()?.[0];
  }

  all(): StoredWaiter[] {
    return Array.from(this.#table.scan(), (entry) => entry.value);
  }

  clear(): void {
    this.#table.clear();
    this.#index = undefined;
  }

  #indexes() {
    if (this.#index) return this.#index;
    const deadlines = new BTree<Deadline, true>(undefined, compareDeadlines);
    const perRun = new Map<string, number>();
    for (const { key, value } of this.#table.scan()) {
      deadlines.set([value.deadline, key], true);
      perRun.set(value.runId, (perRun.get(value.runId) ?? 0) + 1);
    }
    this.#index = { deadlines, perRun };
    return this.#index;
  }
}

function compareDeadlines(a: Deadline, b: Deadline): number {
  return a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0);
}
