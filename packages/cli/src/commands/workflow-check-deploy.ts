import { type CheckDeployResult, checkDeploy } from "@stashkit/core/internal";
import { messagingClientAt } from "../clients.ts";
import type { CommandContext } from "../context.ts";
import { nonEmpty, wholeNumber } from "../options/common.ts";
import type { CommandResult } from "../output/result.ts";
import { deployMarkdown, deployTextLines, verdictJson } from "./check-deploy-report.ts";
import { primarySettings } from "./primary-settings.ts";
import type { WorkflowCheckDeployFlags } from "./workflow-check-deploy.flags.ts";

/** `stashkit workflow check-deploy`: the runs in flight at --url, replayed against the build at --app-url. */
export async function run(flags: WorkflowCheckDeployFlags, context: CommandContext): Promise<CommandResult> {
  const workflowUrl = nonEmpty(flags.url, "--url");
  const appUrl = nonEmpty(flags.appUrl, "--app-url");
  const port = wholeNumber(flags.standInPort ?? "8790", "--stand-in-port", 1, 65_535);
  const maxRuns = wholeNumber(flags.maxRuns ?? "100", "--max-runs", 1, 1000);
  const waitSeconds = wholeNumber(flags.appWaitSeconds ?? "60", "--app-wait-seconds", 1, 600);
  const settings = primarySettings(flags, context);
  const { currentSigningKey: current, nextSigningKey: next } = settings;
  const client = messagingClientAt(
    { url: settings.url.value, token: settings.token.value, from: settings.url.from },
    context,
  );
  const result = await checkDeploy(client, {
    workflowUrl,
    appUrl,
    standIn: { port },
    maxRuns,
    appWaitMs: waitSeconds * 1000,
    signingKeys: current && next ? { current: current.value, next: next.value } : undefined,
    progress: (line) => {
      if (!context.common.quiet) context.terminal.err(line);
    },
  });
  return report(result);
}

function report(result: CheckDeployResult): CommandResult {
  const unchecked = result.runs.filter((run) => run.verdict === "unchecked").length;
  const problems = [
    ...(result.failing > 0
      ? [`${result.failing} of ${result.runs.length} runs in flight would fail after this deploy`]
      : []),
    ...(unchecked > 0 ? [`${unchecked} could not be checked`] : []),
  ];
  return {
    lines: deployTextLines(result),
    markdown: deployMarkdown(result),
    json: () => ({
      workflowUrl: result.workflowUrl,
      appUrl: result.appUrl,
      checked: result.runs.length,
      failing: result.failing,
      unchecked,
      truncated: result.truncated,
      runs: result.runs.map(verdictJson),
    }),
    fields: [],
    warnings: result.truncated ? ["more runs are in flight than were checked: raise --max-runs"] : [],
    ...(problems.length === 0 ? {} : { failure: new Error(problems.join("; ")) }),
  };
}
