import { type Clock, ClockTimer } from "../../../clock/clock.ts";
import { HttpError } from "../../../http/errors.ts";
import { parseJsonBody } from "../../../http/reply.ts";
import { messagingErrors } from "../../errors.ts";
import type { NotificationStore } from "../../records/notification-store.ts";
import { WaitLimitError, type WaitStore } from "../../records/wait-store.ts";
import type { StoredWaiter } from "../../records/workflow-records.ts";
import { parseDuration } from "../durations.ts";
import { lowerCaseHeaders, readMessageHeaders } from "../message-headers.ts";
import type { Publish } from "../publisher.ts";
import type { WorkflowRuns } from "./runs.ts";

export interface WaitParts {
  waits: WaitStore;
  notifications: NotificationStore;
  runs: WorkflowRuns;
  clock: Clock;
  publish: Publish;
  /** Runs the timeouts handled on the clock (outside any request) as one unit of work. */
  background<T>(work: () => T): T;
}

/** The SDK's `NotifyResponse`. */
export interface Notified {
  waiter: ReturnType<typeof waiterView>;
  messageId: string;
  error: string;
}

/**
 * `context.waitForEvent`: a run waits (`POST /v2/wait/{eventId}`) until an event is notified, or
 * until its timeout on the emulator clock. Either way the waiting step's result is published to
 * the run as a step message: `out` is the base64 event data, or absent with `waitTimeout: true`.
 */
export class Waits {
  readonly #parts: WaitParts;
  readonly #timer: ClockTimer;

  constructor(parts: WaitParts) {
    this.#parts = parts;
    this.#timer = new ClockTimer(parts.clock, () => this.expire());
  }

  wait(eventId: string, rawBody: Buffer): void {
    const body = parseJsonBody(rawBody) as Record<string, unknown> | null;
    const step = body?.["step"];
    const url = body?.["url"];
    if (step === null || typeof step !== "object" || typeof url !== "string") {
      throw messagingErrors.invalidBody("wait body must be a JSON object with url and step");
    }
    const headers = flatHeaders(body?.["timeoutHeaders"]);
    const runId = headers["upstash-workflow-runid"] ?? "";
    const run = this.#parts.runs.get(runId);
    if (run?.state !== "RUN_STARTED") throw messagingErrors.runNotRunning(runId);
    const timeout = String(body?.["timeout"] ?? "7d");
    const timeoutMs = parseDuration(timeout);
    if (timeoutMs === undefined)
      throw messagingErrors.invalidField("timeout", `must look like 30s, 10m or 7d, got "${timeout}"`);
    const now = this.#parts.clock.now();
    const waiter: StoredWaiter = {
      eventId,
      runId,
      url,
      timeoutUrl: typeof body?.["timeoutUrl"] === "string" ? body["timeoutUrl"] : url,
      step: step as Record<string, unknown>,
      headers,
      createdAt: now,
      deadline: now + timeoutMs,
      timeout,
    };
    const early = this.#parts.notifications.take(runId, eventId);
    if (early !== undefined) {
      this.#complete(waiter, early.data);
      return;
    }
    try {
      this.#parts.waits.add(waiter);
    } catch (error) {
      if (error instanceof WaitLimitError) throw messagingErrors.waitLimit(error);
      throw error;
    }
    this.plan();
  }

  /** Completes the waiters of the event (of one run when `runId` is given); answers one entry each. */
  notify(eventId: string, data: Buffer, runId?: string): Notified[] {
    const { waits, notifications, runs } = this.#parts;
    const matching = waits.forEvent(eventId, runId);
    for (const { id } of matching) waits.remove(id);
    // Kept for a later wait of that run, if the run is there to wait (an unknown run keeps nothing).
    if (matching.length === 0 && runId !== undefined && runs.get(runId)?.state === "RUN_STARTED") {
      notifications.add({ eventId, runId, data: data.toString("base64"), at: this.#parts.clock.now() });
    }
    this.plan();
    return matching.map(({ waiter }) => ({
      waiter: waiterView(waiter),
      messageId: this.#complete(waiter, data.toString("base64")),
      error: "",
    }));
  }

  waiters(eventId: string) {
    return this.#parts.waits.forEvent(eventId).map(({ waiter }) => waiterView(waiter));
  }

  /** A run that ended waits for nothing: its waits and the events kept for it go. */
  forgetRun(runId: string): void {
    this.#parts.waits.removeRun(runId);
    this.#parts.notifications.removeRun(runId);
    this.plan();
  }

  /** Times out every wait whose deadline has passed; answers how many. */
  expire(): number {
    const expired = this.#parts.background(() => {
      const due = this.#parts.waits.takeDue(this.#parts.clock.now());
      for (const waiter of due) this.#complete(waiter, undefined);
      return due.length;
    });
    this.plan();
    return expired;
  }

  /** Arms the timer for the earliest deadline (found in the store's deadline order, not by a walk). */
  plan(): void {
    this.#timer.at(this.#parts.waits.earliestDeadline());
  }

  stop(): void {
    this.#timer.cancel();
  }

  /** Publishes the waiting step's result to the run; answers the message id. */
  #complete(waiter: StoredWaiter, data: string | undefined): string {
    const step = {
      ...waiter.step,
      ...(data === undefined ? { waitTimeout: true } : { out: data, waitTimeout: false }),
    };
    try {
      const answer = this.#parts.publish({
        destination: data === undefined ? waiter.timeoutUrl : waiter.url,
        body: Buffer.from(JSON.stringify(step)),
        settings: readMessageHeaders(waiter.headers),
      });
      return answer.messageId;
    } catch (error) {
      // The run ended meanwhile: nothing to resume.
      if (error instanceof HttpError) return "";
      throw error;
    }
  }
}

/** The SDK's `Waiter`. */
function waiterView(waiter: StoredWaiter) {
  const headers = Object.fromEntries(Object.entries(waiter.headers).map(([name, value]) => [name, [value]]));
  return {
    url: waiter.url,
    deadline: Math.floor(waiter.deadline / 1000),
    headers,
    timeoutUrl: waiter.timeoutUrl,
    timeoutHeaders: headers,
  };
}

/** `timeoutHeaders` come as `{name: [value]}`; the message settings read `{name: value}`. */
function flatHeaders(value: unknown): Record<string, string> {
  if (value === null || typeof value !== "object") return {};
  const flat: Record<string, unknown> = {};
  for (const [name, entry] of Object.entries(value))
    flat[name] = Array.isArray(entry) ? entry.join(", ") : entry;
  return lowerCaseHeaders(flat) as Record<string, string>;
}
