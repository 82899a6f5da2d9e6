import type { PlannedReplay, ReplayOutcome, ReplayResult } from "@stashkit/core/internal";
import type { CommandResult } from "../output/result.ts";
import type { ReplayInputs } from "./replay-inputs.ts";

/** "left out Authorization, Cookie": the names only, never a value. */
function leftOut(withheld: readonly string[]): string {
  return withheld.length === 0 ? "" : ` (left out: ${withheld.join(", ")})`;
}

/** What a run's replay does: how far it got, and what the emulator delivers first. */
function runDescription(plan: Extract<PlannedReplay, { kind: "run" }>): string {
  const done = plan.run.steps.filter((step) => step["stepId"] !== 0).length;
  const next = plan.run.next === undefined ? "its first step" : "the step it stopped at";
  return `${done} ${done === 1 ? "step" : "steps"} done, ${next} next`;
}

function withheldWarning(all: readonly string[]): string[] {
  const names = [...new Set(all)].sort();
  return names.length === 0
    ? []
    : [`secret headers left out: ${names.join(", ")}; name them in --keep-headers to send them`];
}

/** `--dry-run`: what would be sent where, nothing sent. */
export function dryRunReport(plans: PlannedReplay[], inputs: ReplayInputs): CommandResult {
  const shown = plans.map((plan) => ({
    label: plan.label,
    kind: plan.kind,
    url: plan.kind === "run" ? plan.run.url : plan.message.url,
    withheldHeaders: plan.withheld,
    ...(plan.kind === "run" ? { steps: plan.run.steps.length } : { queue: plan.message.queue ?? null }),
  }));
  return {
    lines: [
      ...plans.map((plan) => {
        const url = plan.kind === "run" ? plan.run.url : plan.message.url;
        const what = plan.kind === "run" ? `, ${runDescription(plan)}` : "";
        return `would replay ${plan.label} to ${url}${what}${leftOut(plan.withheld)}`;
      }),
      `${plans.length} ${plans.length === 1 ? "record" : "records"} would be replayed into ${inputs.to} (dry run: nothing sent).`,
    ],
    json: () => ({ to: inputs.to, dryRun: true, records: shown }),
    fields: [{ env: "STASHKIT_REPLAY_COUNT", output: "count", value: String(plans.length) }],
    warnings: withheldWarning(plans.flatMap((plan) => plan.withheld)),
  };
}

function outcomeLine(outcome: ReplayOutcome): string {
  if (!outcome.ok) return `${outcome.label}: refused by the emulator: ${outcome.error.message}`;
  const made = outcome.kind === "run" ? `run ${outcome.workflowRunId}` : `message ${outcome.messageId}`;
  return `${outcome.label}: ${made} to ${outcome.url}${leftOut(outcome.withheld)}`;
}

/** What was replayed, what the emulator refused, and why the replay stopped, if it did. */
export function replayReport(result: ReplayResult, total: number, to: string): CommandResult {
  const { outcomes, stopped } = result;
  const sent = outcomes.filter((outcome) => outcome.ok);
  const refused = outcomes.length - sent.length;
  const json = outcomes.map((outcome) => ({
    label: outcome.label,
    kind: outcome.kind,
    ok: outcome.ok,
    url: outcome.url,
    withheldHeaders: outcome.withheld,
    ...(outcome.ok
      ? { messageId: outcome.messageId ?? null, workflowRunId: outcome.workflowRunId ?? null }
      : { error: outcome.error.message }),
  }));
  const failure =
    stopped ?? (refused > 0 ? new Error(`the emulator refused ${refused} of ${total} records`) : undefined);
  return {
    lines: [...outcomes.map(outcomeLine), `Replayed ${sent.length} of ${total} into ${to}.`],
    json: () => ({ to, replayed: json, ...(stopped ? { stopped: stopped.message } : {}) }),
    fields: [
      { env: "STASHKIT_REPLAY_COUNT", output: "count", value: String(sent.length) },
      {
        env: "STASHKIT_REPLAY_MESSAGE_IDS",
        output: "message-ids",
        value: sent
          .flatMap((outcome) => (outcome.ok && outcome.messageId ? [outcome.messageId] : []))
          .join(","),
      },
    ],
    warnings: withheldWarning(outcomes.flatMap((outcome) => outcome.withheld)),
    ...(failure === undefined ? {} : { failure }),
  };
}
