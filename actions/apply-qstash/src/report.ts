import { runner, type Step, writeSummary } from "@stashkit/action-kit";
import { type MessagingClient, planJson, planMarkdown, planText, type QStashPlan } from "@stashkit/core";
import type { Outcome } from "./carry-out.ts";
import { commentPlan } from "./comment.ts";
import type { ApplyInputs } from "./inputs.ts";

/**
 * Outputs (`changed`, `plan`), the log, the job summary and the comment, all from one plan;
 * then fails the step when a protected environment refused its deletes.
 */
export async function report(
  step: Step<MessagingClient, "token">,
  inputs: ApplyInputs,
  outcome: Outcome,
): Promise<void> {
  const plan = outcome.mode === "plan" ? outcome.plan : outcome.result.plan;
  const { notes, warnings, failure } = whatHappened(outcome, inputs);
  for (const line of [...planText(plan), ...notes]) runner.info(line);
  for (const warning of warnings) runner.warning(warning);
  runner.setOutput("changed", String(plan.changes.length > 0 && failure === undefined));
  runner.setOutput("plan", JSON.stringify(planJson(plan)));
  const markdown = planMarkdown(plan, { title: titleOf(inputs), notes: [...notes, ...warnings] });
  writeSummary(markdown);
  await commentPlan(step, inputs, markdown);
  if (failure !== undefined) throw failure;
}

function titleOf(inputs: ApplyInputs): string {
  const verb = { plan: "Plan", apply: "Applied", destroy: "Destroyed" }[inputs.mode];
  return `QStash: ${verb} for environment ${inputs.environment} (${inputs.config})`;
}

function whatHappened(
  outcome: Outcome,
  inputs: ApplyInputs,
): { notes: string[]; warnings: string[]; failure?: Error } {
  if (outcome.mode === "plan") {
    const pending = outcome.plan.changes.length > 0;
    return { notes: pending ? ["Nothing was changed: this is a plan (mode: plan)."] : [], warnings: [] };
  }
  const { result } = outcome;
  if (result.outcome === "refused") {
    const names = result.refused.map((c) => `${c.kind} ${c.name}`).join(", ");
    const message = `environment ${inputs.environment} is protected (protect: true) and the ${inputs.mode} deletes ${names}: nothing was sent. Set allow-delete: true to let it delete them`;
    return { notes: [], warnings: [], failure: new Error(message) };
  }
  const warnings = result.kept.map(
    (q) =>
      `queue ${q.name} kept: ${q.lag} message${q.lag === 1 ? "" : "s"} wait in it (force: true deletes it anyway)`,
  );
  const count = result.outcome === "applied" ? result.applied.length : 0;
  const notes = emptyPlan(result.plan)
    ? []
    : [
        inputs.mode === "destroy"
          ? `Deleted ${count} resource${count === 1 ? "" : "s"}.`
          : `Applied ${count} change${count === 1 ? "" : "s"}.`,
      ];
  return { notes, warnings };
}

const emptyPlan = (plan: QStashPlan) => plan.changes.length === 0;
