import { setTimeout as sleep } from "node:timers/promises";
import { CheckDeployError } from "../../errors/index.ts";
import { probe, readHistory } from "./history.ts";
import type { InFlightRun } from "./in-flight-runs.ts";
import { replay } from "./replay.ts";
import type { ReplayTarget } from "./replay-request.ts";
import type { QStashStandIn } from "./stand-in.ts";

/**
 * Waits until something listens at `appUrl`'s host and port (the new build may still be
 * starting). A TCP connection only: an HTTP request without the protocol's headers would be a
 * workflow's first call to the SDK, which starts a run.
 */
export async function waitForApp(
  appUrl: string,
  waitMs: number,
  signal: AbortSignal | undefined,
): Promise<void> {
  const url = new URL(appUrl);
  const port = Number(url.port || (url.protocol === "https:" ? 443 : 80));
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const giveUp = Date.now() + waitMs;
  for (;;) {
    const refused = await connects(host, port);
    if (refused === undefined) return;
    signal?.throwIfAborted();
    if (Date.now() >= giveUp) {
      throw new CheckDeployError(
        `the new build did not answer at ${url.origin} within ${Math.round(waitMs / 1000)} s (${refused}); start it first`,
      );
    }
    await sleep(500, undefined, { signal });
  }
}

/** Undefined when a connection opens; else why not. */
async function connects(host: string, port: number): Promise<string | undefined> {
  const { connect } = await import("node:net");
  return await new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 5000 });
    socket.once("connect", () => {
      socket.destroy();
      resolve(undefined);
    });
    socket.once("timeout", () => {
      socket.destroy();
      resolve("timed out");
    });
    socket.once("error", (error: Error & { code?: string }) => resolve(error.code ?? error.message));
  });
}

/**
 * Before any history goes to the new build, proves that what it would send to QStash comes to
 * the stand-in: a call with no body makes the Workflow SDK fetch the run's steps from its
 * QStash, which only the stand-in knows this run id for (its steps end in a probe, so nothing
 * runs). A build pointed at the account would ask the account, which knows no such run: it
 * answers that the run ended, and the check stops there. A refused signature stops it too.
 */
export async function checkWiring(
  target: ReplayTarget,
  run: InFlightRun,
  standIn: QStashStandIn,
): Promise<void> {
  const history = readHistory(run.history);
  if (history === undefined) return;
  const canaryId = `wfr_stashkit_check_deploy_${Date.now().toString(36)}`;
  standIn.serveHistory(canaryId, [history.init, probe(history)]);
  const mark = standIn.count;
  const outcome = await replay({ ...target, workflowRunId: canaryId }, undefined, standIn);
  const asked = standIn
    .since(mark)
    .some((request) => request.method === "GET" && request.path.endsWith(`/${canaryId}`));
  if (
    outcome.kind === "refused" &&
    outcome.body.includes("Failed to verify that the Workflow request comes from QStash")
  ) {
    throw new CheckDeployError(
      "the new build rejected the signature: start it with the account's signing keys (QSTASH_CURRENT_SIGNING_KEY and QSTASH_NEXT_SIGNING_KEY, as in production)",
    );
  }
  if (!asked) {
    throw new CheckDeployError(
      `the new build did not fetch the run's steps from the stand-in: start it with QSTASH_URL=${standIn.url} (what it sends to QStash during the check must not reach the account); nothing was replayed`,
    );
  }
}
