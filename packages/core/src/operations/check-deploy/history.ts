import type { RawStep } from "../../schemas/workflow-runs.ts";
import type { StepRef } from "./replay.ts";
import { stepEntry } from "./replay-request.ts";

/** The probe's name: no workflow names a step so. */
export const SENTINEL_NAME = "stashkit-check-deploy-probe";
/** The probe's kind: no step is of it, so the SDK says what kind its own step is. */
export const PROBE_TYPE = "StashkitCheckDeployProbe";

/** A step of a run's history: its name and kind, its raw entry, and where it is among the entries. */
export interface HistoryStep {
  ref: StepRef;
  /** Its index among the entries after the payload. */
  index: number;
  raw: RawStep;
  /** The step's `out`, as recorded (a JSON string). */
  out: unknown;
}

/** A run's history as the Workflow SDK reads it: the payload, then the steps (`callType` "step"). */
export interface History {
  init: RawStep;
  entries: RawStep[];
  steps: HistoryStep[];
  /** Parallel branches (plan steps, `concurrent` > 1) are compared as groups: no cut inside one. */
  parallel: boolean;
  maxStepId: number;
}

export function readHistory(raw: readonly RawStep[]): History | undefined {
  const [init, ...entries] = raw;
  if (init === undefined) return undefined;
  const steps: HistoryStep[] = [];
  let parallel = false;
  let maxStepId = 0;
  entries.forEach((entry, index) => {
    if (entry.callType !== "step") return;
    const step = decoded(entry.body);
    const stepId = Number(step["stepId"] ?? 0);
    maxStepId = Math.max(maxStepId, Number.isFinite(stepId) ? stepId : 0);
    if (stepId === 0 || Number(step["concurrent"] ?? 1) > 1) parallel = true;
    const ref = { name: String(step["stepName"] ?? ""), type: String(step["stepType"] ?? "") };
    steps.push({ ref, index, raw: entry, out: step["out"] });
  });
  return { init, entries, steps, parallel, maxStepId };
}

/** The payload and the first `count` steps (with whatever entries lie between them). */
export function prefix(history: History, count: number): RawStep[] {
  const last = count === 0 ? -1 : (history.steps[count - 1] as HistoryStep).index;
  return [history.init, ...history.entries.slice(0, last + 1)];
}

/** A probe after the steps: named as no step is (the SDK then names its own), or with a name and no kind. */
export function probe(history: History, name: string = SENTINEL_NAME, offset = 1): RawStep {
  const type = name === SENTINEL_NAME ? "Run" : PROBE_TYPE;
  const step = {
    stepId: history.maxStepId + offset,
    stepName: name,
    stepType: type,
    concurrent: 1,
    out: "null",
  };
  return stepEntry(step, `msg_stashkit_check_deploy_probe_${offset}`);
}

/** A step the new code has and the history lacks, with a harmless result of its kind. */
export function inventedStep(history: History, ref: StepRef, offset: number, out: unknown): RawStep {
  const result = out ?? defaultOut(ref.type);
  const step = {
    stepId: history.maxStepId + offset,
    stepName: ref.name,
    stepType: ref.type,
    concurrent: 1,
    ...(result === undefined ? {} : { out: result }),
  };
  return stepEntry(step, `msg_stashkit_check_deploy_step_${offset}`);
}

/** A result the SDK reads for a step of that kind: none for a wait (an event with no data), an empty answer for a call. */
function defaultOut(type: string): string | undefined {
  if (type === "Wait") return undefined;
  if (type === "Call") return JSON.stringify({ status: 200, body: null, header: {} });
  return "null";
}

function decoded(body: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(Buffer.from(body, "base64").toString("utf8"));
    return value !== null && typeof value === "object" ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
