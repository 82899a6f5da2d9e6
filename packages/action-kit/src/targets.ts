import {
  type PauseOutcome,
  type ResumeOutcome,
  type TargetsInput,
  validateFlowControlKey,
  validateQueueName,
  validateScheduleId,
  validateWord,
} from "@stashkit/core";
import { readList } from "./inputs.ts";
import { info } from "./runner/commands.ts";

/** The inputs that name what to pause or resume, in the order the step reports them. */
export const TARGET_INPUTS = ["queue-name", "schedule-id", "schedule-label", "flow-control-key"] as const;

/** Reads the target lists (newlines or commas) and checks every name, naming its input in errors. */
export function readTargetInputs(): Required<Pick<TargetsInput, "queues" | "flowControlKeys">> & {
  schedules: { ids: string[]; labels: string[] };
} {
  const queues = readList("queue-name").map((name) => validateQueueName(name, "queue-name"));
  const ids = readList("schedule-id").map((id) => validateScheduleId(id, "schedule-id"));
  const labels = readList("schedule-label").map((label) => validateWord(label, "schedule-label", "label"));
  const flowControlKeys = readList("flow-control-key").map((key) =>
    validateFlowControlKey(key, "flow-control-key"),
  );
  return { queues, schedules: { ids, labels }, flowControlKeys };
}

/** Whether the lists name nothing at all. */
export function noTargets(targets: ReturnType<typeof readTargetInputs>): boolean {
  return (
    targets.queues.length +
      targets.schedules.ids.length +
      targets.schedules.labels.length +
      targets.flowControlKeys.length ===
    0
  );
}

/** "queue orders", "schedule nightly", "schedules labelled batch": how log lines name a target. */
export function describeTarget(o: PauseOutcome | ResumeOutcome): string {
  if (o.outcome === "missing" && o.by === "label") return `schedules labelled ${o.name}`;
  if (o.outcome === "missing" && o.by === "destination") return `schedules to ${o.name}*`;
  return `${o.kind === "flow-control-key" ? "flow-control key" : o.kind} ${o.name}`;
}

/** An info line that no name from an input or an API answer can split into a runner command. */
export function logLine(text: string): void {
  info(text.replace(/\r/g, "\\r").replace(/\n/g, "\\n"));
}
