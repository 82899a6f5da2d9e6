import { ConfigurationError } from "../errors/index.ts";
import { validateFlowControlKey, validateQueueName, validateScheduleId } from "./inputs.ts";
import { QSTASH_REGION_NAMES, type QStashRegion } from "./qstash-regions.ts";

/** What can be paused and resumed. The same words appear in the actions' JSON outputs. */
export const TARGET_KINDS = ["queue", "schedule", "flow-control-key"] as const;
export type TargetKind = (typeof TARGET_KINDS)[number];

/**
 * A queue by name, a schedule by id, a flow-control key by itself; `region` when it was acted on
 * in one of QStash's regions (`QSTASH_REGION` and each region's variables set).
 */
export interface Target {
  kind: TargetKind;
  name: string;
  region?: QStashRegion;
}

/** Where a target list first goes wrong, and what is wrong there. */
interface TargetListIssue {
  path: (string | number)[];
  message: string;
}

const TARGET_KEYS = ["kind", "name", "region"];

/**
 * The first issue zod finds in `value` with the schema
 * `z.array(z.strictObject({ kind: z.enum(TARGET_KINDS), name: z.string().check(z.minLength(1)), region: z.optional(z.enum(QSTASH_REGION_NAMES)) }))`,
 * its path and its English message, written out: the pause and resume steps read a target list
 * before anything else, and this keeps zod (~85 KB to compile) out of their start. Undefined for
 * a valid list. `test/target-list.test.ts` holds it to that schema, message for message.
 */
export function targetListIssue(value: unknown): TargetListIssue | undefined {
  if (!Array.isArray(value)) return { path: [], message: invalidType("array", value) };
  for (const [index, entry] of value.entries()) {
    const issue = targetIssue(entry);
    if (issue) return { path: [index, ...issue.path], message: issue.message };
  }
  return undefined;
}

function targetIssue(entry: unknown): TargetListIssue | undefined {
  if (typeof entry !== "object" || entry === null || Array.isArray(entry)) {
    return { path: [], message: invalidType("object", entry) };
  }
  const { kind, name, region } = entry as Record<string, unknown>;
  if (!(TARGET_KINDS as readonly unknown[]).includes(kind)) {
    return {
      path: ["kind"],
      message: `Invalid option: expected one of ${TARGET_KINDS.map((k) => `"${k}"`).join("|")}`,
    };
  }
  if (typeof name !== "string") return { path: ["name"], message: invalidType("string", name) };
  if (name.length < 1)
    return { path: ["name"], message: "Too small: expected string to have >=1 characters" };
  if (region !== undefined && !(QSTASH_REGION_NAMES as readonly unknown[]).includes(region)) {
    return {
      path: ["region"],
      message: `Invalid option: expected one of ${QSTASH_REGION_NAMES.map((r) => `"${r}"`).join("|")}`,
    };
  }
  const unknownKeys = Object.keys(entry).filter((key) => !TARGET_KEYS.includes(key));
  if (unknownKeys.length > 0) {
    const keys = unknownKeys.map((key) => `"${key}"`).join(", ");
    return { path: [], message: `Unrecognized key${unknownKeys.length > 1 ? "s" : ""}: ${keys}` };
  }
  return undefined;
}

/** zod's message for a value of the wrong type, as its English locale words it (JSON values only). */
function invalidType(expected: string, value: unknown): string {
  const received = value === null ? "null" : Array.isArray(value) ? "array" : typeof value;
  return `Invalid input: expected ${expected}, received ${received}`;
}

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
  const issue = targetListIssue(value);
  if (issue) {
    const where = issue.path.length > 0 ? ` at ${issue.path.join(".")}` : "";
    throw new ConfigurationError(
      input,
      `${input} must be a JSON array of {"kind", "name"} with kind one of ${TARGET_KINDS.join(", ")}${where}: ${issue.message} (across regions each also has "region", ${QSTASH_REGION_NAMES.join(" or ")})`,
    );
  }
  const targets = (value as Target[]).map(({ kind, name, region }) => ({
    kind,
    name,
    ...(region === undefined ? {} : { region }),
  }));
  for (const target of targets) {
    if (target.kind === "queue") validateQueueName(target.name, input);
    if (target.kind === "schedule") validateScheduleId(target.name, input);
    if (target.kind === "flow-control-key") validateFlowControlKey(target.name, input);
  }
  return targets;
}

function excerpt(text: string): string {
  return JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}\u2026` : text);
}
