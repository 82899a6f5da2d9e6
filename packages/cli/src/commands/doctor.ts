import { type DoctorReport, doctor, parseBaseUrl, qstashEnvironments } from "@stashkit/core/internal";
import { messagingClientAt } from "../clients.ts";
import type { CommandContext } from "../context.ts";
import { nonEmpty, wholeNumber } from "../options/common.ts";
import type { CommandResult } from "../output/result.ts";
import { UsageError } from "../usage-error.ts";
import type { DoctorFlags } from "./doctor.flags.ts";
import { doctorJson, doctorLines } from "./doctor-report.ts";
import { maskAll } from "./primary-settings.ts";

/** `stashkit doctor`: the QStash settings checked, an endpoint probed, a run or message explained. */
export async function run(flags: DoctorFlags, context: CommandContext): Promise<CommandResult> {
  const probeUrl = flags.probe === undefined ? undefined : probeTarget(flags.probe, context);
  const waitSeconds = wholeNumber(flags.probeWaitSeconds ?? "60", "--probe-wait-seconds", 1, 600);
  const workflowRunId = flags.run === undefined ? undefined : nonEmpty(flags.run, "--run").trim();
  const messageId = flags.message === undefined ? undefined : nonEmpty(flags.message, "--message").trim();
  const given = { token: flags.token, url: flags.messagingUrl };
  // Every token and key is masked, and every URL checked, before anything is sent.
  const settings = qstashEnvironments(context.env, given);
  maskAll(settings.environments, context);
  for (const { url } of settings.environments) parseBaseUrl(url.value, url.from);
  const report = await context.terminal.progress(
    "checking the QStash settings",
    doctor({
      env: context.env,
      given,
      clientFor: (url, token) => messagingClientAt({ url, token, from: url }, context),
      probe: probeUrl === undefined ? undefined : { url: probeUrl, waitMs: waitSeconds * 1000 },
      workflowRunId,
      messageId,
    }),
  );
  return result(report);
}

/** An http(s) URL with no credentials in it; a query string is masked in what is printed. */
function probeTarget(value: string, context: CommandContext): string {
  const text = nonEmpty(value, "--probe").trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(
      "--probe",
      `--probe must be an http(s) URL; got ${JSON.stringify(text.slice(0, 100))}`,
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new UsageError("--probe", `--probe must be an http(s) URL; got a ${url.protocol} one`);
  }
  if (url.username !== "" || url.password !== "") {
    throw new UsageError("--probe", "--probe must not carry a user name or password");
  }
  if (url.search.length > 1) context.redactor.add(url.search.slice(1));
  return text;
}

function result(report: DoctorReport): CommandResult {
  const failed = report.checks.filter((check) => check.status === "fail").length;
  return {
    lines: doctorLines(report),
    json: () => doctorJson(report),
    fields: [],
    warnings: [],
    ...(failed === 0 ? {} : { failure: new Error(`${failed} ${failed === 1 ? "check" : "checks"} failed`) }),
  };
}
