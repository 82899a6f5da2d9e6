import { randomUUID } from "node:crypto";
import type { Clock } from "../../../clock/clock.ts";
import { messagingErrors } from "../../errors.ts";
import { dueAt, type StoredMessage } from "../../records/message-record.ts";
import type { MessageStore } from "../../records/queue-store.ts";
import type { WaitStore } from "../../records/wait-store.ts";
import type { RunState, StoredRun } from "../../records/workflow-records.ts";
import type { Delivery } from "../delivery/delivery.ts";
import { readMessageHeaders } from "../message-headers.ts";
import type { Publish } from "../publisher.ts";
import { importRun, type RunImport } from "./run-import.ts";
import type { WorkflowRuns } from "./runs.ts";
import { whyStalled } from "./stall.ts";
import { type StepView, stepViews } from "./step-views.ts";
import { triggerHeaders } from "./trigger-headers.ts";

/** A run as the testing API reports it. */
export interface RunSummary {
  workflowRunId: string;
  url: string;
  state: RunState;
  createdAt: number;
  completedAt?: number;
  /** What the workflow returned (as the app sent it). */
  response?: string;
  /** Steps recorded after the payload (what `steps` lists, less the initial step). */
  steps: number;
  /** The last failed delivery of the run: the status and text of the answer, or why there was none. */
  lastFailure?: Omit<StoredRun["errors"][number], "messageId">;
  /** Why a run that has not ended is not moving (while nothing is under way). */
  stalled?: string;
}

/** What tests call (`emulator.workflows`); the same over `/__stashkit/workflows/…`. */
export type WorkflowTesting = Pick<
  WorkflowHarness,
  "start" | "import" | "settle" | "steps" | "summary" | "list"
>;

export interface HarnessParts {
  runs: WorkflowRuns;
  messages: MessageStore;
  waits: WaitStore;
  delivery: Pick<Delivery, "isInFlight" | "nextSettled" | "pump">;
  clock: Clock;
  publish: Publish;
  /** Ends runs as cancelled, dropping their pending messages and waits (a run imported again). */
  cancel(runIds: readonly string[]): number;
  /** Moves the clock forward and runs what came due (cron ticks, timeouts, deliveries). */
  advanceClock(ms: number): void;
  /** Why a due message does not go (a paused queue or flow-control key). */
  heldBy(message: StoredMessage): string | undefined;
}

/** How long `settle` waits, in real time, for deliveries under way before it gives up (default). */
const SETTLE_TIMEOUT_MS = 30_000;

/**
 * Workflow apps tested like functions: start a run, let it go until it ends or can go no further
 * on its own (sleeps and retry backoff skipped on the test clock; a wait for an event is where it
 * stops), read its steps, list runs. `emulator.workflows` in code, `/__stashkit/workflows/…` over
 * the control API.
 */
export class WorkflowHarness {
  readonly #parts: HarnessParts;

  constructor(parts: HarnessParts) {
    this.#parts = parts;
  }

  /** Starts a run of the workflow at `url` with `body` as its payload, as the SDK's `trigger` does. */
  start(
    url: string,
    options: { body?: unknown; headers?: Record<string, string>; workflowRunId?: string } = {},
  ) {
    const workflowRunId = options.workflowRunId ?? `wfr_${randomUUID()}`;
    const body =
      options.body === undefined
        ? ""
        : typeof options.body === "string"
          ? options.body
          : JSON.stringify(options.body);
    const headers = {
      "content-type": "application/json",
      ...lowerCase(options.headers ?? {}),
      ...triggerHeaders(url, workflowRunId),
    };
    this.#parts.publish({ destination: url, body: Buffer.from(body), settings: readMessageHeaders(headers) });
    return { workflowRunId };
  }

  /**
   * Puts in a run as far as it got elsewhere (`stashkit replay`): its payload and completed steps
   * as its history, then its next delivery, so the app continues it from the step it stopped at.
   * A run of the same id is replaced.
   */
  import(run: RunImport): { workflowRunId: string; messageId: string } {
    return importRun(this.#parts, run);
  }

  /**
   * Lets the run go until it ends, waits for an event, or cannot go on (its summary says why):
   * deliveries under way are waited for, sleeps and retry backoff are skipped on the test clock.
   * `timeoutMs` bounds the real time spent waiting for deliveries (a hanging endpoint).
   */
  async settle(runId: string, options: { timeoutMs?: number } = {}): Promise<RunSummary> {
    const giveUp = Date.now() + (options.timeoutMs ?? SETTLE_TIMEOUT_MS);
    const { delivery, clock } = this.#parts;
    for (;;) {
      const run = this.#existing(runId);
      if (run.state !== "RUN_STARTED" || this.#parts.waits.forRun(runId).length > 0) break;
      const pending = this.#pending(runId);
      if (pending.some((message) => delivery.isInFlight(message.id))) {
        if (await this.#settledBefore(giveUp)) continue;
        break;
      }
      const free = pending.filter((message) => this.#parts.heldBy(message) === undefined);
      if (free.length === 0) break;
      const next = Math.min(...free.map(dueAt));
      if (next > clock.now()) this.#parts.advanceClock(next - clock.now());
      else delivery.pump();
      // A due delivery starts on the next turn; if none has, something holds it (the summary says what).
      await new Promise((resolve) => setImmediate(resolve));
      if (!this.#pending(runId).some((message) => delivery.isInFlight(message.id))) {
        if (this.#existing(runId).state !== "RUN_STARTED" || next > clock.now()) continue;
        break;
      }
    }
    return this.summary(runId);
  }

  /** The run's steps: the payload first, then each step's name, type, input, output, attempts, times. */
  steps(runId: string): StepView[] {
    const run = this.#existing(runId);
    return stepViews(run, this.#parts.runs.history(runId));
  }

  summary(runId: string): RunSummary {
    return this.#summaryOf(this.#existing(runId), this.#pending(runId));
  }

  /** Every run kept (running, then ended), those in `state` when given. */
  list(filter: { state?: RunState } = {}): RunSummary[] {
    const runs = this.#parts.runs
      .all()
      .filter((run) => filter.state === undefined || run.state === filter.state);
    // The pending messages are read once for every run listed.
    const pending = new Map<string, StoredMessage[]>();
    for (const message of this.#parts.messages.all()) {
      const runId = message.workflow?.runId;
      if (runId !== undefined) pending.set(runId, [...(pending.get(runId) ?? []), message]);
    }
    return runs.map((run) => this.#summaryOf(run, pending.get(run.runId) ?? []));
  }

  #summaryOf(run: StoredRun, pending: StoredMessage[]): RunSummary {
    const runId = run.runId;
    const stalled = whyStalled({
      run,
      pending,
      waits: this.#parts.waits.forRun(runId),
      now: this.#parts.clock.now(),
      isInFlight: (id) => this.#parts.delivery.isInFlight(id),
      heldBy: this.#parts.heldBy,
    });
    const steps = stepViews(run, this.#parts.runs.history(runId)).length - 1;
    return summaryOf(run, { steps, stalled });
  }

  #existing(runId: string): StoredRun {
    const run = this.#parts.runs.get(runId);
    if (!run) throw messagingErrors.notFound("workflow run", runId);
    return run;
  }

  #pending(runId: string): StoredMessage[] {
    return [...this.#parts.messages.all()].filter((message) => message.workflow?.runId === runId);
  }

  /** Waits for the next attempt to settle; false when `giveUp` (real time) comes first. */
  async #settledBefore(giveUp: number): Promise<boolean> {
    const left = giveUp - Date.now();
    if (left <= 0) return false;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), left);
    });
    const settled = this.#parts.delivery.nextSettled().then(() => true as const);
    try {
      return await Promise.race([settled, timedOut]);
    } finally {
      clearTimeout(timer);
    }
  }
}

function summaryOf(run: StoredRun, facts: { steps: number; stalled: string | undefined }): RunSummary {
  const { stalled } = facts;
  const lastFailure = run.errors.at(-1);
  return {
    workflowRunId: run.runId,
    url: run.url,
    state: run.state,
    createdAt: run.createdAt,
    ...(run.completedAt === undefined ? {} : { completedAt: run.completedAt }),
    ...(run.response === undefined ? {} : { response: run.response }),
    steps: Math.max(0, facts.steps),
    ...(lastFailure === undefined ? {} : { lastFailure: withoutMessageId(lastFailure) }),
    ...(stalled === undefined ? {} : { stalled }),
  };
}

function withoutMessageId({ messageId: _, ...rest }: StoredRun["errors"][number]) {
  return rest;
}

function lowerCase(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}
