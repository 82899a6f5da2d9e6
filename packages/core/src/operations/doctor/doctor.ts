import type { MessagingClient } from "../../clients/messaging-client.ts";
import { type QStashEnvironments, qstashEnvironments } from "../../clients/qstash-environment.ts";
import type { CallOptions } from "../../transport/call-options.ts";
import type { Environment } from "../../transport/dispatcher.ts";
import {
  type DiagnoseMessageInput,
  diagnoseMessage,
  type MessageDiagnosis,
} from "../diagnosis/diagnose-message.ts";
import { diagnoseRun, type RunDiagnosis } from "../diagnosis/diagnose-run.ts";
import { type DoctorCheck, warned } from "./doctor-check.ts";
import { type ClientFor, checkEnvironment } from "./environment-checks.ts";
import { type ProbeResult, probeChecks, probeEndpoint } from "./probe-endpoint.ts";

export interface DoctorInput extends CallOptions {
  /** Where the QStash variables are read (the SDKs' names). */
  env: Environment;
  /** `--token` and `--messaging-url`: they replace the primary settings' token and URL. */
  given?: { token?: string | undefined; url?: string | undefined };
  /** A client for a URL and token, with the caller's retries, deadline and redactor. */
  clientFor: ClientFor;
  probe?: { url: string; waitMs?: number } | undefined;
  workflowRunId?: string | undefined;
  messageId?: string | undefined;
}

export interface DoctorReport {
  mode: QStashEnvironments["mode"];
  checks: DoctorCheck[];
  probe: ProbeResult | undefined;
  run: RunDiagnosis | undefined;
  message: MessageDiagnosis | undefined;
  /** No check failed. */
  ok: boolean;
}

/**
 * Checks the QStash settings an app built with the official SDKs would use (each token valid,
 * the region it belongs to, the URL of that region, both signing keys and that they are the
 * account's), then, with the primary settings, what was asked: a probe through QStash to an
 * endpoint, and why a workflow run or a message is not moving. Never prints a secret.
 */
export async function doctor(input: DoctorInput): Promise<DoctorReport> {
  const call = { deadline: input.deadline, signal: input.signal };
  const settings = qstashEnvironments(input.env, input.given);
  const checks: DoctorCheck[] = settings.notes.map((note) => warned("environment", "QSTASH_REGION", note));
  let primary: MessagingClient | undefined;
  for (const environment of settings.environments) {
    const report = await checkEnvironment(environment, input.clientFor, call);
    checks.push(...report.checks);
    if (environment.primary) primary = report.client;
  }
  const asked =
    input.probe !== undefined || input.workflowRunId !== undefined || input.messageId !== undefined;
  if (asked && primary === undefined) {
    checks.push(warned("primary", "QSTASH_*", "the primary token is not accepted: nothing else was asked"));
  }
  const probe =
    primary === undefined || input.probe === undefined
      ? undefined
      : await probeEndpoint(primary, { ...call, ...input.probe });
  if (probe !== undefined) checks.push(...probeChecks(probe));
  const run =
    primary === undefined || input.workflowRunId === undefined
      ? undefined
      : await diagnoseRun(primary, { ...call, workflowRunId: input.workflowRunId });
  const message =
    primary === undefined || input.messageId === undefined
      ? undefined
      : await diagnoseMessage(primary, {
          ...call,
          messageId: input.messageId,
        } satisfies DiagnoseMessageInput);
  return {
    mode: settings.mode,
    checks,
    probe,
    run,
    message,
    ok: checks.every((check) => check.status !== "fail"),
  };
}
