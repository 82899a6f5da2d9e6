import type { HistoryEntry, StoredRun } from "../../records/workflow-records.ts";

/** One step of a run as the testing API shows it. */
export interface StepView {
  stepId: number;
  name: string;
  /** `Initial` (the payload), `Run`, `SleepFor`, `SleepUntil`, `Call`, `Wait`, … as the SDK names it. */
  type: string;
  /** The payload of the initial step; what a `context.call` sent (URL, method, body). */
  input?: unknown;
  /** What the step returned (a `context.call`: the answer), as the app sent it. */
  output?: unknown;
  /** Deliveries it took to record the step (1 when the first one was answered). */
  attempts: number;
  /** When it was recorded (emulator clock, ms). */
  at: number;
  /** The failed deliveries before it: status, or why there was no answer, and the answer's text. */
  errors: Omit<StoredRun["errors"][number], "messageId">[];
}

/** The steps of a run's history, oldest first; parallel plan entries (no result yet) left out. */
export function stepViews(run: StoredRun, history: readonly HistoryEntry[]): StepView[] {
  const views: StepView[] = [];
  history.forEach((entry, index) => {
    const text = Buffer.from(entry.body, "base64").toString("utf8");
    const errors = run.errors
      .filter((error) => error.messageId === entry.messageId)
      .map(({ messageId: _, ...error }) => error);
    const base = { attempts: errors.length + 1, at: entry.createdAt, errors };
    if (index === 0) {
      views.push({ stepId: 0, name: "init", type: "Initial", input: parsed(text) ?? text, ...base });
      return;
    }
    const step = parsed(text);
    if (step === undefined || step["stepId"] === 0) return;
    const call =
      step["callUrl"] === undefined
        ? {}
        : { input: { url: step["callUrl"], method: step["callMethod"], body: step["callBody"] } };
    views.push({
      stepId: Number(step["stepId"]),
      name: String(step["stepName"]),
      type: String(step["stepType"]),
      ...call,
      ...(step["out"] === undefined ? {} : { output: decoded(step["out"]) }),
      ...base,
    });
  });
  return views;
}

/** A step's `out` is the JSON of its result: the result itself when it parses. */
function decoded(out: unknown): unknown {
  if (typeof out !== "string") return out;
  try {
    return JSON.parse(out);
  } catch {
    return out;
  }
}

/** A step's JSON as an object, or `undefined` when it is not one. */
export function parsed(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === "object" ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
