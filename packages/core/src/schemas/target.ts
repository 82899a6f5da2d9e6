import { ConfigurationError } from "../errors/index.ts";
import { validateFlowControlKey, validateQueueName, validateScheduleId } from "./inputs.ts";
import * as z from "./zod.ts";

/** What can be paused and resumed. The same words appear in the actions' JSON outputs. */
export const TARGET_KINDS = ["queue", "schedule", "flow-control-key"] as const;
export type TargetKind = (typeof TARGET_KINDS)[number];

/** A queue by name, a schedule by id, a flow-control key by itself. */
export interface Target {
  kind: TargetKind;
  name: string;
}

const targetListSchema = z.array(
  z.strictObject({ kind: z.enum(TARGET_KINDS), name: z.string().check(z.minLength(1)) }),
);

/**
 * Reads a JSON list of targets, as the pause step's `paused` output writes it
 * (`[{"kind":"queue","name":"orders"}]`), and checks every name. `input` names it in errors.
 */
export function parseTargetList(text: string, input: string): Target[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ConfigurationError(
      input,
      `${input} must be JSON, as the pause step's paused output writes it; got ${excerpt(text)}`,
    );
  }
  const result = targetListSchema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue && issue.path.length > 0 ? ` at ${issue.path.join(".")}` : "";
    throw new ConfigurationError(
      input,
      `${input} must be a JSON array of {"kind", "name"} with kind one of ${TARGET_KINDS.join(", ")}${where}: ${issue?.message ?? "invalid"}`,
    );
  }
  for (const target of result.data) {
    if (target.kind === "queue") validateQueueName(target.name, input);
    if (target.kind === "schedule") validateScheduleId(target.name, input);
    if (target.kind === "flow-control-key") validateFlowControlKey(target.name, input);
  }
  return result.data;
}

function excerpt(text: string): string {
  return JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}\u2026` : text);
}
