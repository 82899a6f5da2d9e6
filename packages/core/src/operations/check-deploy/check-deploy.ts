import type { MessagingClient } from "../../clients/messaging-client.ts";
import { AuthenticationError, CheckDeployError, ConfigurationError } from "../../errors/index.ts";
import { regionOfUrl } from "../../schemas/qstash-regions.ts";
import type { CallOptions } from "../../transport/call-options.ts";
import { checkWiring, waitForApp } from "./canary.ts";
import { readHistory } from "./history.ts";
import { type InFlightRun, inFlightRuns } from "./in-flight-runs.ts";
import { replay } from "./replay.ts";
import type { ReplayTarget } from "./replay-request.ts";
import { RunCheck } from "./run-check.ts";
import { QStashStandIn } from "./stand-in.ts";
import type { RunVerdict } from "./verdicts.ts";

export interface CheckDeployInput extends CallOptions {
  /** The deployed workflow's URL: the runs in flight are those started with it. */
  workflowUrl: string;
  /** The new build's workflow endpoint, running locally. */
  appUrl: string;
  /** Where the stand-in for QStash listens: the new build's `QSTASH_URL` must point there. */
  standIn: { port: number; host?: string };
  /** The account's signing keys; read from the API (`GET /v2/keys`) when not given. */
  signingKeys?: { current: string; next: string } | undefined;
  /** Runs checked at most (newest first). Default 100. */
  maxRuns?: number;
  /** How long to wait for the new build to answer at all. Default 60 s. */
  appWaitMs?: number;
  /** Told what is happening, for a long check. */
  progress?: (line: string) => void;
}

export interface CheckDeployResult {
  workflowUrl: string;
  appUrl: string;
  runs: RunVerdict[];
  /** More runs were in flight than were checked. */
  truncated: boolean;
  /** Runs the new build would fail on (diverged). */
  failing: number;
}

/**
 * Would the runs in flight survive a deploy of the new build? Each run's history is replayed to
 * the new build, running locally, the way the service calls a workflow endpoint (the recorded
 * steps in the body, signed with the account's keys); each replay ends in a probe the Workflow
 * SDK refuses before any new step runs, and what the new build sends back to QStash goes to a
 * stand-in: nothing reaches the account but reads. Answers, per run, "accepted" or the first step
 * where the new code parts from the history (renamed, reordered, removed, inserted, changed kind).
 */
export async function checkDeploy(
  client: MessagingClient,
  input: CheckDeployInput,
): Promise<CheckDeployResult> {
  const workflowUrl = httpUrl(input.workflowUrl, "--url");
  const appUrl = httpUrl(input.appUrl, "--app-url");
  const port = input.standIn.port;
  if (!Number.isInteger(port) || port < 1 || port > 65_535) {
    throw new ConfigurationError(
      "--stand-in-port",
      `--stand-in-port must be a port from 1 to 65535; got ${port}`,
    );
  }
  const call = { deadline: input.deadline, signal: input.signal };
  const progress = input.progress ?? (() => {});
  const found = await inFlightRuns(client, { workflowUrl, max: input.maxRuns ?? 100 }, call);
  const result = { workflowUrl, appUrl, truncated: found.truncated };
  if (found.runs.length === 0) return { ...result, runs: [], failing: 0 };
  const keys = input.signingKeys ?? (await accountKeys(client, call));
  const standIn = await startStandIn(input.standIn);
  try {
    const target = (run: InFlightRun): ReplayTarget => ({
      appUrl,
      workflowUrl,
      workflowRunId: run.workflowRunId,
      createdAt: run.createdAt,
      signingKey: keys.current,
      region: regionOfUrl(client.baseUrl)?.replaceAll("_", "-"),
    });
    progress(`waiting for the new build at ${appUrl}`);
    await waitForApp(appUrl, input.appWaitMs ?? 60_000, input.signal);
    await checkWiring(target(found.runs[0] as InFlightRun), found.runs[0] as InFlightRun, standIn);
    const orders = found.runs.map(stepOrder);
    const runs: RunVerdict[] = [];
    for (const [index, run] of found.runs.entries()) {
      progress(`replaying run ${index + 1} of ${found.runs.length} (${run.workflowRunId})`);
      runs.push(await verdictOf(run, (steps) => replay(target(run), steps, standIn), orders));
    }
    return { ...result, runs, failing: runs.filter((run) => run.verdict === "diverged").length };
  } finally {
    await standIn.close();
  }
}

/** The names of a run's steps as the old code ran them: its history, then the step it waits at. */
function stepOrder(run: InFlightRun): string[] {
  const names = readHistory(run.history)?.steps.map((step) => step.ref.name) ?? [];
  return run.pending === undefined ? names : [...names, run.pending.name];
}

async function verdictOf(
  run: InFlightRun,
  replayer: ConstructorParameters<typeof RunCheck>[0],
  orders: string[][],
): Promise<RunVerdict> {
  const history = readHistory(run.history);
  const base = {
    workflowRunId: run.workflowRunId,
    createdAt: run.createdAt,
    recordedSteps: history?.steps.length ?? 0,
    pending: run.pending,
  };
  if (history === undefined) return { ...base, verdict: "unchecked", reason: "the run has no history yet" };
  return { ...base, ...(await new RunCheck(replayer, history, run.pending, orders).verdict()) };
}

async function accountKeys(
  client: MessagingClient,
  call: CallOptions,
): Promise<{ current: string; next: string }> {
  try {
    return await client.signingKeys.get(call);
  } catch (error) {
    if (!(error instanceof AuthenticationError)) throw error;
    throw new CheckDeployError(
      `reading the account's signing keys was refused (${error.status}; a read-only token?): set QSTASH_CURRENT_SIGNING_KEY and QSTASH_NEXT_SIGNING_KEY`,
      {},
      { cause: error },
    );
  }
}

async function startStandIn(at: { port: number; host?: string }): Promise<QStashStandIn> {
  try {
    return await QStashStandIn.start(at);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new CheckDeployError(
      `the stand-in for QStash could not listen on ${at.host ?? "127.0.0.1"}:${at.port} (${code}); choose another --stand-in-port and start the new build with QSTASH_URL pointing there`,
    );
  }
}

function httpUrl(value: string, input: string): string {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new ConfigurationError(
      input,
      `${input} must be an http(s) URL; got ${JSON.stringify(value.slice(0, 100))}`,
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new ConfigurationError(input, `${input} must be an http(s) URL; got ${url.protocol} one`);
  }
  if (url.username !== "" || url.password !== "") {
    throw new ConfigurationError(input, `${input} must not carry a user name or password`);
  }
  return value.trim();
}
