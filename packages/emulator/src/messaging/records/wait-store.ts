import { randomUUID } from "node:crypto";
import { type Limits, limitSetting } from "../../options/limits.ts";
import type { StorageEngine } from "../../storage/engine.ts";
import { BTree } from "../../storage/memory/btree.ts";
import type { Table } from "../../storage/table.ts";
import { type StoredWaiter, storedWaiter } from "./workflow-records.ts";

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
  /** Adds a wait; past `limits.waitsPerRun` or `limits.waits` it throws a `WaitLimitError`. */
  add(waiter: StoredWaiter): void;
  /** The waits for an event (of one run, when given), oldest first. */
  forEvent(eventId: string, runId?: string): WaitEntry[];
  remove(id: string): void;
  /** The run's waits, oldest first. */
  forRun(runId: string): StoredWaiter[];
  /** Removes the run's waits; answers how many there were. */
  removeRun(runId: string): number;
  /** Removes and answers the waits whose deadline is `now` or earlier. */
  takeDue(now: number): StoredWaiter[];
  earliestDeadline(): number | undefined;
  all(): StoredWaiter[];
  count(): number;
  /** The most waits one run has open. */
  mostForOneRun(): number;
  clear(): void;
}

type Deadline = [deadline: number, id: string];

export function waitStore(engine: StorageEngine, limits: Pick<Limits, "waits" | "waitsPerRun">): WaitStore {
  const waits = new WaitTable(engine.table("workflow_waits", storedWaiter), limits);
  // The indexes in memory follow the table: a unit of work undone makes them read again.
  engine.units.onUndo(() => waits.forgetIndexes());
  return waits;
}

class WaitTable implements WaitStore {
  readonly #table: Table<StoredWaiter>;
  readonly #limits: Pick<Limits, "waits" | "waitsPerRun">;
  #index: { deadlines: BTree<Deadline, true>; perRun: Map<string, number> } | undefined;

  constructor(table: Table<StoredWaiter>, limits: Pick<Limits, "waits" | "waitsPerRun">) {
    this.#table = table;
    this.#limits = limits;
  }

  add(waiter: StoredWaiter): void {
    const { deadlines, perRun } = this.#indexes();
    if (this.#table.count() >= this.#limits.waits) {
      throw new WaitLimitError(
        `too many waits: the emulator keeps at most ${this.#limits.waits} waits open (${limitSetting("waits")})`,
      );
    }
    const ofRun = perRun.get(waiter.runId) ?? 0;
    if (ofRun >= this.#limits.waitsPerRun) {
      throw new WaitLimitError(
        `too many waits for run "${waiter.runId}": a run may wait for at most ${this.#limits.waitsPerRun} events at once (${limitSetting("waitsPerRun")})`,
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

  forRun(runId: string): StoredWaiter[] {
    return Array.from(this.#table.scan(), (entry) => entry.value).filter((waiter) => waiter.runId === runId);
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

  count(): number {
    return this.#table.count();
  }

  mostForOneRun(): number {
    let most = 0;
    for (const count of this.#indexes().perRun.values()) most = Math.max(most, count);
    return most;
  }

  clear(): void {
    this.#table.clear();
    this.#index = undefined;
  }

  forgetIndexes(): void {
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
