import type { RunState, StoredRun, WorkflowStore } from "./store.ts";

/** Ended runs kept for the logs; older ones are dropped first, so the state stays bounded. */
export const KEPT_ENDED_RUNS = 500;
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
}

export interface RawStep {
  messageId: string;
  body: string;
  callType: string;
}

/**
 * The runs of workflows: created by their trigger message, grown one history entry per step
 * message delivered, ended by the app (success, cancel) or by a step that failed for good.
 * Callers commit.
 */
export class WorkflowRuns {
  readonly #store: WorkflowStore;
  readonly #now: () => number;

  constructor(store: WorkflowStore, now: () => number) {
    this.#store = store;
    this.#now = now;
  }

  get(runId: string): StoredRun | undefined {
    return this.#store.data.workflowRuns[runId];
  }

  all(): StoredRun[] {
    return Object.values(this.#store.data.workflowRuns);
  }

  /** Creates the run; false when a run with that id exists already. */
  start(run: NewRun): boolean {
    if (this.get(run.runId)) return false;
    this.#store.data.workflowRuns[run.runId] = {
      ...run,
      createdAt: this.#now(),
      state: "RUN_STARTED",
      history: [],
      errors: [],
    };
    return true;
  }

  /**
   * Adds a step message to the history the first time it is delivered, and answers the history
   * up to it: what that delivery carries (a retry carries the same).
   */
  historyThrough(run: StoredRun, step: RawStep): RawStep[] {
    let at = run.history.findIndex((entry) => entry.messageId === step.messageId);
    if (at < 0) {
      run.history.push({ ...step, createdAt: this.#now() });
      at = run.history.length - 1;
    }
    return run.history
      .slice(0, at + 1)
      .map(({ messageId, body, callType }) => ({ messageId, body, callType }));
  }

  /** Ends a running run; false when it had ended already. */
  end(run: StoredRun, state: Exclude<RunState, "RUN_STARTED">, response?: string): boolean {
    if (run.state !== "RUN_STARTED") return false;
    run.state = state;
    run.completedAt = this.#now();
    if (response !== undefined) run.response = response;
    this.#prune();
    return true;
  }

  /** Back to running (a resume from the DLQ); `fresh` forgets the steps (a restart). */
  reopen(run: StoredRun, fresh: boolean): void {
    run.state = "RUN_STARTED";
    delete run.completedAt;
    delete run.dlqId;
    delete run.failureFunction;
    if (fresh) run.history = [];
  }

  recordError(run: StoredRun, messageId: string, status: number | undefined, body: Buffer | undefined): void {
    run.errors.push({
      messageId,
      at: this.#now(),
      ...(status === undefined ? {} : { status }),
      ...(body === undefined ? {} : { body: body.toString("utf8").slice(0, KEPT_ERROR_TEXT) }),
    });
    if (run.errors.length > KEPT_ERRORS) run.errors.splice(0, run.errors.length - KEPT_ERRORS);
  }

  #prune(): void {
    const ended = this.all()
      .filter((run) => run.state !== "RUN_STARTED")
      .sort((a, b) => (a.completedAt ?? 0) - (b.completedAt ?? 0));
    const runs = this.#store.data.workflowRuns;
    for (const run of ended.slice(0, Math.max(0, ended.length - KEPT_ENDED_RUNS))) delete runs[run.runId];
  }
}
