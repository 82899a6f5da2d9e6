import { LimitReached } from "../../options/limits.ts";
import type { AreaContext } from "../../state/area.ts";
import type { StorageEngine } from "../../storage/engine.ts";
import { type Table, valuesOf } from "../../storage/table.ts";
import { type HistoryEntry, historyEntry, type StoredRun, storedRun } from "./workflow-records.ts";

const RUNNING = "running";
const ENDED = "ended";

/** Workflow runs by id, and each run's history (the trigger's payload, then each step). */
export interface RunStore {
  get(runId: string): StoredRun | undefined;
  /** Every run kept: those running, then those ended, each in the order they started or ended. */
  list(): StoredRun[];
  /** Stores a run; one that ends goes to the end of the ended ones, past `limits.keptEndedRuns` the oldest go. */
  put(run: StoredRun): void;
  /** Refuses (`LimitReached`, 400) one more running run past `limits.runs`. */
  roomForRun(): void;
  /** How many runs are running. */
  running(): number;
  /** The run's history, oldest first. */
  history(runId: string): HistoryEntry[];
  /** Adds a step at the end of the run's history (one a step message was already given is skipped). */
  addStep(runId: string, entry: HistoryEntry): void;
  removeStep(runId: string, messageId: string): void;
  clearHistory(runId: string): void;
  clear(): void;
}

export function runStore(engine: StorageEngine, context: AreaContext): RunStore {
  return new RunTable(
    engine.table("workflow_runs", storedRun),
    engine.table("workflow_steps", historyEntry),
    context,
  );
}

class RunTable implements RunStore {
  readonly #runs: Table<StoredRun>;
  readonly #steps: Table<HistoryEntry>;
  readonly #context: AreaContext;

  constructor(runs: Table<StoredRun>, steps: Table<HistoryEntry>, context: AreaContext) {
    this.#runs = runs;
    this.#steps = steps;
    this.#context = context;
  }

  get(runId: string): StoredRun | undefined {
    return this.#runs.get(runId);
  }

  list(): StoredRun[] {
    return [...valuesOf(this.#runs.scan({ group: RUNNING })), ...valuesOf(this.#runs.scan({ group: ENDED }))];
  }

  put(run: StoredRun): void {
    const ended = run.state !== "RUN_STARTED";
    this.#runs.put(run.runId, run, ended ? ENDED : RUNNING);
    if (ended) this.#dropOldestEnded();
  }

  roomForRun(): void {
    const most = this.#context.limits.runs;
    if (this.#runs.count(RUNNING) >= most) throw new LimitReached("runs", most, "workflow runs running");
  }

  running(): number {
    return this.#runs.count(RUNNING);
  }

  history(runId: string): HistoryEntry[] {
    return [...valuesOf(this.#steps.scan({ group: runId }))];
  }

  addStep(runId: string, entry: HistoryEntry): void {
    const key = stepKey(runId, entry.messageId);
    if (!this.#steps.has(key)) this.#steps.put(key, entry, runId);
  }

  removeStep(runId: string, messageId: string): void {
    this.#steps.delete(stepKey(runId, messageId));
  }

  clearHistory(runId: string): void {
    this.#steps.deleteGroup(runId);
  }

  clear(): void {
    this.#runs.clear();
    this.#steps.clear();
  }

  #dropOldestEnded(): void {
    const kept = this.#context.limits.keptEndedRuns;
    let excess = this.#runs.count(ENDED) - kept;
    if (excess <= 0) return;
    this.#context.noticeOnce(
      "workflow-runs",
      `workflow runs: the newest ${kept} ended runs are kept; older ones are dropped from now on`,
    );
    for (const entry of this.#runs.scan({ group: ENDED })) {
      if (excess-- === 0) break;
      this.#runs.delete(entry.key);
      this.#steps.deleteGroup(entry.key);
    }
  }
}

/** Unambiguous whatever the ids hold. */
function stepKey(runId: string, messageId: string): string {
  return JSON.stringify([runId, messageId]);
}
