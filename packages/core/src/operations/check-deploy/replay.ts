import type { RawStep } from "../../schemas/workflow-runs.ts";
import { type ReplayTarget, replayRequest } from "./replay-request.ts";
import type { QStashStandIn } from "./stand-in.ts";

/** A step as the Workflow SDK compares it: its name and kind (`Run`, `SleepFor`, `Wait`…). */
export interface StepRef {
  name: string;
  type: string;
}

/** What the new build made of one replayed history. */
export type ReplayOutcome =
  /** It compared its next step with the probe's name: its step there is named `name`. */
  | { kind: "reached-name"; name: string; got: string }
  /** Its step had the probe's name, and it compared the kind: its step there is a `type`. */
  | { kind: "reached-type"; type: string; got: string }
  /** Its route function returned (or cancelled the run) before the probe. */
  | { kind: "ended" }
  /** It refused the history on the SDK's parallel-step check. */
  | { kind: "parallel"; message: string }
  /** It ran a step of its own and published it (only parallel branches do that here). */
  | { kind: "executed" }
  /** Any other answer: a rejected signature, an auth check, an error of the app's code. */
  | { kind: "refused"; status: number; body: string };

/** How long one replay may take: the new build runs the route function up to the probe. */
const REPLAY_TIMEOUT_MS = 60_000;

/**
 * Sends one history to the new build, signed as the service would, and reads its answer and
 * what it sent its QStash (the stand-in) meanwhile. Replays run one at a time, so everything
 * the stand-in got during one is that replay's.
 */
export async function replay(
  target: ReplayTarget,
  steps: readonly RawStep[] | undefined,
  standIn: QStashStandIn,
): Promise<ReplayOutcome> {
  const mark = standIn.count;
  const { body, headers } = await replayRequest(target, steps);
  const response = await fetch(target.appUrl, {
    method: "POST",
    headers,
    body,
    signal: AbortSignal.timeout(REPLAY_TIMEOUT_MS),
  });
  const text = await response.text();
  const sent = standIn.since(mark);
  if (sent.some((request) => request.method === "DELETE" && request.path.startsWith("/v2/workflows/runs/"))) {
    return { kind: "ended" };
  }
  if (sent.some((request) => request.path === "/v2/batch" || request.path.startsWith("/v2/publish/"))) {
    return { kind: "executed" };
  }
  return readRefusal(response.status, text);
}

/** The Workflow SDK's refusal of a history, read from its JSON answer (`{error, message}`). */
function readRefusal(status: number, text: string): ReplayOutcome {
  const message = sdkMessage(text);
  const name = /^Incompatible step name\. Expected '(.*)', got '(.*)' from the request/s.exec(message);
  if (name !== null) return { kind: "reached-name", name: name[1] ?? "", got: name[2] ?? "" };
  const type = /^Incompatible step type\. Expected '(.*)', got '(.*)' from the request/s.exec(message);
  if (type !== null) return { kind: "reached-type", type: type[1] ?? "", got: type[2] ?? "" };
  if (/^Incompatible (steps detected in parallel execution|number of parallel steps)/.test(message)) {
    return { kind: "parallel", message };
  }
  return { kind: "refused", status, body: text };
}

function sdkMessage(text: string): string {
  try {
    const value: unknown = JSON.parse(text);
    if (value !== null && typeof value === "object" && "message" in value) {
      return String((value as { message: unknown }).message);
    }
  } catch {
    // not the SDK's JSON: no message of its own
  }
  return "";
}
