import { escapeMarkdown, markdownTable } from "../lib/markdown.ts";
import { countChanges, type QStashChange, type QStashPlan } from "./qstash-changes.ts";

/**
 * The plan rendered three ways from one value: text for a terminal, JSON (`{"changes": [...]}`,
 * exactly the changes), and Markdown for a job summary or a pull request comment.
 */
export function planJson(plan: Pick<QStashPlan, "changes">): { changes: QStashChange[] } {
  return { changes: plan.changes };
}

const SIGNS = { create: "+", update: "~", delete: "-" } as const;
const LONGEST_VALUE = 80;

/** "2 to create, 1 to update, 1 to delete" (only what is there), or "no changes". */
export function planSummary(plan: Pick<QStashPlan, "changes">): string {
  const counts = countChanges(plan);
  const parts = (["create", "update", "delete"] as const)
    .filter((a) => counts[a] > 0)
    .map((a) => `${counts[a]} to ${a}`);
  return parts.length === 0 ? "no changes" : parts.join(", ");
}

function heading(plan: QStashPlan): string {
  const prefix = plan.prefix === "" ? "no prefix" : `prefix ${JSON.stringify(plan.prefix)}`;
  const unchanged = plan.unchanged > 0 ? `, ${plan.unchanged} unchanged` : "";
  return `environment ${plan.environment} (${prefix}${plan.protect ? ", protected" : ""}): ${planSummary(plan)}${unchanged}`;
}

export function planText(plan: QStashPlan): string[] {
  const warning = protectedDeletes(plan);
  return [
    heading(plan),
    ...plan.changes.map(
      (change) =>
        `  ${SIGNS[change.action]} ${change.action} ${change.kind} ${change.name}${fieldsText(change)}`,
    ),
    ...(warning === undefined ? [] : [warning]),
  ];
}

/** Said under a plan that an apply would refuse: the environment is protected and the plan deletes. */
function protectedDeletes(plan: QStashPlan): string | undefined {
  if (!plan.protect || !plan.changes.some((change) => change.action === "delete")) return undefined;
  return "environment is protected (protect: true): an apply refuses these deletes, and sends nothing, unless deletes are allowed (--allow-delete, allow-delete: true)";
}

/** The fields of a change on one line: `cron "0 3 * * *" -> "0 4 * * *"; retries 3`. */
export function fieldsText(change: QStashChange): string {
  const entries = Object.entries(change.fields);
  if (change.kind === "queue" && change.action === "delete") {
    const lag = Number(change.fields["lag"] ?? 0);
    return lag > 0 ? ` (${lag} message${lag === 1 ? "" : "s"} waiting)` : "";
  }
  if (entries.length === 0) return "";
  const text = entries
    .map(([name, value]) =>
      change.action === "update" && isFromTo(value)
        ? `${name} ${shown(value.from)} -> ${shown(value.to)}`
        : `${name} ${shown(value)}`,
    )
    .join("; ");
  return `: ${text}`;
}

function isFromTo(value: unknown): value is { from: unknown; to: unknown } {
  return value !== null && typeof value === "object" && "from" in value && "to" in value;
}

function shown(value: unknown): string {
  if (value === null || value === undefined) return "(none)";
  const text =
    typeof value === "number" || typeof value === "boolean" ? String(value) : JSON.stringify(value);
  return text.length > LONGEST_VALUE ? `${text.slice(0, LONGEST_VALUE - 3)}...` : text;
}

/**
 * The plan as Markdown: a heading line, a table of the changes (every cell escaped), and what
 * `notes` add (what was applied, what was kept). `title` names the step or command.
 */
export function planMarkdown(
  plan: QStashPlan,
  options: { title: string; notes?: readonly string[] },
): string {
  const lines = [`### ${escapeMarkdown(options.title)}`, "", escapeMarkdown(heading(plan))];
  if (plan.changes.length > 0) {
    const rows = plan.changes.map((change) => [
      change.action,
      change.kind,
      change.name,
      fieldsText(change).replace(/^: /, ""),
    ]);
    lines.push("", markdownTable(["change", "kind", "name", "fields"], rows));
  }
  const warning = protectedDeletes(plan);
  for (const note of [...(warning === undefined ? [] : [warning]), ...(options.notes ?? [])]) {
    lines.push("", escapeMarkdown(note));
  }
  return `${lines.join("\n")}\n`;
}
