import type { EmulatorClient } from "../clients/emulator-client.ts";
import {
  AuthenticationError,
  InvalidRequestError,
  NotFoundError,
  ResponseValidationError,
  StashkitError,
} from "../errors/index.ts";
import type { CallOptions } from "../transport/call-options.ts";
import { type Clock, systemClock } from "../transport/clock.ts";
import type { PlannedReplay } from "./replay-plan.ts";

/** What became of one record: the message or run it made in the emulator, or why it was refused. */
export type ReplayOutcome = {
  label: string;
  kind: PlannedReplay["kind"];
  /** Where the emulator delivers it (rewritten). */
  url: string;
  withheld: string[];
} & (
  | { ok: true; messageId?: string | undefined; workflowRunId?: string | undefined }
  | { ok: false; error: StashkitError }
);

export interface ReplayResult {
  outcomes: ReplayOutcome[];
  /** Set when replay stopped early (the emulator went away, refused the token…): the rest was not sent. */
  stopped?: StashkitError | undefined;
}

export interface SendReplaysInput extends CallOptions {
  /** At most this many records started a second. */
  ratePerSecond: number;
  /** Unique to this replay: with each record's id, the deduplication id that makes a retry safe. */
  nonce: string;
  onProgress?: (done: number) => void;
  clock?: Clock;
}

/**
 * Checks that `--to` is a stashkit emulator before anything is sent to it: replay writes only into
 * an emulator, never into an account. A run's import needs its control API; a message does not.
 */
export async function checkEmulator(
  client: EmulatorClient,
  input: CallOptions & { needsControl: boolean; name: string; controlTokenName: string },
): Promise<void> {
  const where = `${input.name} ${client.baseUrl}`;
  try {
    await client.emulator.health({ deadline: input.deadline, signal: input.signal });
  } catch (error) {
    if (error instanceof AuthenticationError) {
      if (!input.needsControl) return;
      throw new AuthenticationError(
        `${where}: the emulator's control API refused this request (${error.status}): a workflow run is imported through it; give its control token (${input.controlTokenName}), or run replay on the emulator's machine`,
        { status: error.status },
      );
    }
    const answered =
      error instanceof ResponseValidationError
        ? "something else"
        : error instanceof StashkitError && error.status !== undefined && error.status < 500
          ? error.status
          : undefined;
    if (answered !== undefined) {
      throw new NotFoundError(
        `${where} is not a stashkit emulator (GET /__stashkit/health answered ${answered}): replay sends only into an emulator`,
        error instanceof StashkitError && error.status !== undefined ? { status: error.status } : {},
      );
    }
    throw error;
  }
}

/** One record refused by the emulator: reported, and the others still go. */
function refusedOnly(error: unknown): error is StashkitError {
  return error instanceof InvalidRequestError || error instanceof NotFoundError;
}

/** Records sent at once: a replay's pace is its rate, not one round trip after the other. */
const IN_FLIGHT = 8;

/**
 * Sends the planned records into the emulator in their order, each started at most
 * `ratePerSecond` a second after the one before and at most IN_FLIGHT under way. A record the
 * emulator refuses (400, 404) is reported and the rest go on; any other failure stops the replay
 * (no record starts after it), and the result says what was sent.
 */
export async function sendReplays(
  client: EmulatorClient,
  plans: Iterable<PlannedReplay> | AsyncIterable<PlannedReplay>,
  input: SendReplaysInput,
): Promise<ReplayResult> {
  const clock = input.clock ?? systemClock;
  const call = { deadline: input.deadline, signal: input.signal };
  const spacing = 1000 / input.ratePerSecond;
  const outcomes: (ReplayOutcome | undefined)[] = [];
  const running = new Set<Promise<void>>();
  const started = clock.now();
  let stopped: StashkitError | undefined;
  let done = 0;
  const send = async (plan: PlannedReplay, at: number) => {
    const url = plan.kind === "message" ? plan.message.url : plan.run.url;
    const base = { label: plan.label, kind: plan.kind, url, withheld: plan.withheld };
    try {
      const made = await sendOne(client, plan, `${input.nonce}-${at}`, call);
      outcomes[at] = { ...base, ok: true, ...made };
    } catch (error) {
      if (refusedOnly(error)) outcomes[at] = { ...base, ok: false, error };
      else stopped ??= error instanceof StashkitError ? error : new StashkitError(String(error));
    }
    input.onProgress?.(++done);
  };
  let next = 0;
  for await (const plan of plans) {
    const due = started + next * spacing - clock.now();
    if (due > 0) await clock.sleep(due, input.signal);
    while (running.size >= IN_FLIGHT && stopped === undefined) await Promise.race(running);
    if (stopped !== undefined) break;
    const task: Promise<void> = send(plan, next++).finally(() => running.delete(task));
    running.add(task);
  }
  await Promise.all(running);
  const sent = outcomes.filter((outcome) => outcome !== undefined);
  return stopped === undefined ? { outcomes: sent } : { outcomes: sent, stopped };
}

async function sendOne(
  client: EmulatorClient,
  plan: PlannedReplay,
  /** Unique to this replay and record. */
  nonce: string,
  call: CallOptions,
): Promise<{ messageId?: string | undefined; workflowRunId?: string | undefined }> {
  if (plan.kind === "run") return client.emulator.importRun(plan.run, call);
  const source = plan.record.dlqId ?? plan.record.messageId;
  // The same id on every attempt: a retried publish is deduplicated, not sent twice.
  const id = `stashkit-replay-${nonce}-${source}`;
  const headers = { ...plan.message.headers, "Upstash-Deduplication-Id": id };
  const { messageId } = await client.emulator.publish({ ...plan.message, headers }, call);
  return { messageId };
}
