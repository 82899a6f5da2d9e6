import {
  type ApplyQStashResult,
  type KeptQueue,
  planJson,
  planMarkdown,
  planText,
  type QStashPlan,
} from "@stashkit/core";
import { EXIT } from "../failure.ts";
import type { CommandResult } from "../output/result.ts";

/** What a qstash command says besides its plan. */
export interface PlanReport {
  /** The command, as the Markdown's title: "stashkit qstash plan". */
  title: string;
  detailedExitcode: boolean;
  /** Lines after the plan's (what was done). */
  done?: string[];
  warnings?: string[];
  failure?: Error;
  /** More of the json format than the plan's changes. */
  json?: Record<string, unknown>;
}

/**
 * A plan in every format: its lines (text), `{"changes": [...]}` (json), the Markdown of a job
 * summary or a comment, and `changed` and `plan` for dotenv and GitHub outputs. With
 * --detailed-exitcode, exit 3 when the account differed from the file.
 */
export function planResult(plan: QStashPlan, report: PlanReport): CommandResult {
  const changed = plan.changes.length > 0;
  const done = report.done ?? [];
  return {
    lines: [...planText(plan), ...done],
    json: () => ({ ...planJson(plan), ...report.json }),
    fields: [
      { env: "STASHKIT_CHANGED", output: "changed", value: String(changed) },
      { env: "STASHKIT_PLAN", output: "plan", value: JSON.stringify(planJson(plan)) },
    ],
    warnings: report.warnings ?? [],
    markdown: planMarkdown(plan, { title: report.title, notes: done }),
    ...(report.failure === undefined ? {} : { failure: report.failure }),
    ...(report.detailedExitcode && changed ? { exitCode: EXIT.changes } : {}),
  };
}

/** An apply's or a destroy's outcome as a result: what it did, what it kept, or why it refused. */
export function appliedResult(
  result: ApplyQStashResult,
  report: Omit<PlanReport, "done" | "failure" | "json">,
): CommandResult {
  const { plan } = result;
  if (result.outcome === "refused") {
    const names = result.refused.map((c) => `${c.kind} ${c.name}`).join(", ");
    const failure = new Error(
      `environment ${plan.environment} is protected (protect: true) and the plan deletes ${names}: nothing was sent. Pass --allow-delete to let it delete them`,
    );
    return planResult(plan, { ...report, failure, json: { outcome: "refused" } });
  }
  const kept = result.kept;
  const warnings = kept.map(keptWarning);
  if (result.outcome === "dry-run") {
    return planResult(plan, {
      ...report,
      warnings,
      done: ["dry run: nothing was sent"],
      json: { outcome: "dry-run", kept },
    });
  }
  const count = result.applied.length;
  const done = plan.changes.length === 0 ? [] : [`applied ${count} change${count === 1 ? "" : "s"}`];
  return planResult(plan, {
    ...report,
    warnings,
    done,
    json: { outcome: "applied", applied: result.applied, kept },
  });
}

function keptWarning(queue: KeptQueue): string {
  const messages = `${queue.lag} message${queue.lag === 1 ? "" : "s"}`;
  return `queue ${queue.name} kept: ${messages} wait in it (--force deletes it anyway)`;
}
