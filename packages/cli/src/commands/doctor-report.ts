import type { DoctorReport, MessageDiagnosis, RunDiagnosis } from "@stashkit/core/internal";
import { isoTime } from "./message-filter.ts";

export function doctorLines(report: DoctorReport): string[] {
  const width = Math.max(0, ...report.checks.map((check) => check.check.length));
  const lines = [`QStash settings (${report.mode}):`];
  for (const check of report.checks) {
    const subject = check.subject === "QSTASH_*" ? "" : `[${check.subject}] `;
    lines.push(`${check.status.padEnd(4)}  ${check.check.padEnd(width)}  ${subject}${check.detail}`);
  }
  if (report.run !== undefined) lines.push(...runLines(report.run));
  if (report.message !== undefined) lines.push(messageLine(report.message));
  const count = (status: string) => report.checks.filter((check) => check.status === status).length;
  lines.push(
    `${count("ok")} ok, ${count("warn")} ${count("warn") === 1 ? "warning" : "warnings"}, ${count("fail")} failed.`,
  );
  return lines;
}

function runLines(run: RunDiagnosis): string[] {
  const next = run.next.map((step) => `${step.stepName ?? "?"} (${step.stepType ?? "?"})`).join(", ");
  const head = `run ${run.workflowRunId} (${run.url}): ${run.state}, ${run.completedSteps} ${run.completedSteps === 1 ? "step" : "steps"} done${next === "" ? "" : `, next: ${next}`}`;
  if (run.state !== "RUN_STARTED") {
    return [head, ...(run.dlqId === undefined ? [] : [`  it ended; its DLQ entry is ${run.dlqId}`])];
  }
  const why =
    run.reason === undefined
      ? "it is moving: a delivery is under way or due now"
      : `${run.reason.message} [${run.reason.code}]`;
  return [head, `  not moving: ${why}`];
}

function messageLine(message: MessageDiagnosis): string {
  if (!message.pending) {
    const status = message.responseStatus === undefined ? "" : `, answered ${message.responseStatus}`;
    return `message ${message.messageId}: no longer pending: ${message.state} at ${isoTime(message.at)}${status}`;
  }
  const why =
    message.reason === undefined
      ? "being delivered, or due now"
      : `${message.reason.message} [${message.reason.code}]`;
  return `message ${message.messageId}: pending: ${why}`;
}

export function doctorJson(report: DoctorReport): Record<string, unknown> {
  return {
    ok: report.ok,
    mode: report.mode,
    checks: report.checks,
    probe: report.probe ?? null,
    run:
      report.run === undefined
        ? null
        : { ...report.run, reason: report.run.reason ?? null, dlqId: report.run.dlqId ?? null },
    message: report.message ?? null,
  };
}
