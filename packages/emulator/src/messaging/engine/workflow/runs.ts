import type { RunStore } from "../../records/run-store.ts";
import type { HistoryEntry, Invoker, RunState, StoredRun } from "../../records/workflow-records.ts";
import type { Outcome } from "../delivery/outcome.ts";

/** Failed attempts kept per run for the logs. */
const KEPT_ERRORS = 50;
const KEPT_ERROR_TEXT = 2048;

export interface NewRun {
  runId: string;
  url: string;
  /** Base64 of the trigger's body. */
  initialBody: string;
  labels?: string[];
  retries?: number;
  retryDelay?: string;
  failureCallback?: StoredRun["failureCallback"];
  invokedBy?: Invoker;
}

export interface RawStep {
  messageId: string;
  body: string;
  callType: string;
}

/**
 * The runs of workflows: created by their trigger message, grown one history entry per step
 * message delivered, ended by the app (success, cancel) or by a step that failed for good.
 * Each change puts a new record; callers commit.
 */
export class WorkflowRuns {
  readonly #store: RunStore;
  readonly #now: () => number;
  #ended: (run: StoredRun) => void = () => {};

  constructor(store: RunStore, now: () => number) {
    this.#store = store;
    this.#now = now;
  }

  get(runId: string): StoredRun | undefined {
    return this.#store.get(runId);
  }

  all(): StoredRun[] {
    return this.#store.list();
  }

  history(runId: string): HistoryEntry[] {
    return this.#store.history(runId);
  }

  /** Creates the run; false when a run with that id exists already. */
  start(run: NewRun): boolean {
    if (this.get(run.runId)) return false;
    this.#store.roomForRun();
    this.#store.put({ ...run, createdAt: this.#now(), state: "RUN_STARTED", errors: [] });
    return true;
  }

  /**
   * Adds a step message to the history the first time it is delivered, and answers the history
   * up to it: what that delivery carries (a retry carries the same).
   */
  historyThrough(runId: string, step: RawStep): RawStep[] {
    this.#store.addStep(runId, { ...step, createdAt: this.#now() });
    const history = this.#store.history(runId);
    const at = history.findIndex((entry) => entry.messageId === step.messageId);
    return history.slice(0, at + 1).map(({ messageId, body, callType }) => ({ messageId, body, callType }));
  }

  /** Ends a running run (with what else changes with it); false when it had ended already. */
  end(runId: string, state: Exclude<RunState, "RUN_STARTED">, changes: Partial<StoredRun> = {}): boolean {
    const run = this.get(runId);
    if (run?.state !== "RUN_STARTED") return false;
    const ended = { ...run, ...changes, state, completedAt: this.#now() };
    this.#store.put(ended);
    this.#ended(ended);
    return true;
  }

  /** What follows a run's end (an invoked run's result sent to the run that invoked it). */
  whenEnded(hook: (run: StoredRun) => void): void {
    this.#ended = hook;
  }

  /** Changes fields of a run (its failure function's state, say). */
  update(runId: string, changes: Partial<StoredRun>): void {
    const run = this.get(runId);
    if (run) this.#store.put({ ...run, ...changes });
  }

  /** Back to running (a resume from the DLQ); `fresh` forgets the steps (a restart). */
  reopen(runId: string, fresh: boolean): void {
    const run = this.get(runId);
    if (!run) return;
    const { completedAt: _completed, dlqId: _dlq, failureFunction: _failure, ...kept } = run;
    this.#store.put({ ...kept, state: "RUN_STARTED" });
    if (fresh) this.#store.clearHistory(runId);
  }

  /**
   * Puts a run in as far as it got elsewhere (an import): running, with this history; a run of
   * the same id, and its history, is replaced.
   */
  replace(run: NewRun, history: readonly RawStep[]): void {
    if (this.get(run.runId)?.state !== "RUN_STARTED") this.#store.roomForRun();
    this.#store.clearHistory(run.runId);
    const createdAt = this.#now();
    this.#store.put({ ...run, createdAt, state: "RUN_STARTED", errors: [] });
    for (const step of history) this.#store.addStep(run.runId, { ...step, createdAt });
  }

  /** Drops a step from the history (the failed step of a resumed run, delivered again). */
  forgetStep(runId: string, messageId: string): void {
    this.#store.removeStep(runId, messageId);
  }

  recordError(runId: string, messageId: string, outcome: Outcome): void {
    const run = this.get(runId);
    if (!run) return;
    const { status, body, error: reason } = outcome;
    const error = {
      messageId,
      at: this.#now(),
      ...(status === undefined ? {} : { status }),
      ...(body === undefined ? {} : { body: body.toString("utf8").slice(0, KEPT_ERROR_TEXT) }),
      ...(reason === undefined ? {} : { error: reason }),
    };
    this.#store.put({ ...run, errors: [...run.errors, error].slice(-KEPT_ERRORS) });
  }
}
