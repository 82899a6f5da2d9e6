import { writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { RunningEmulator } from "@stashkit/emulator";
import { tempFolder } from "@stashkit/testing/vitest";
import { Client as QStashClient, Receiver } from "@upstash/qstash";
import { Client, type RouteFunction, serve } from "@upstash/workflow";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiEnv, type CliRun, credentialForms, emulatorFor, runCli, secrets } from "./cli.ts";

// A Workflow run fails in production (one emulator, its app with the bug); replay takes it into
// the local emulator, against the local app (the fixed code): the run continues from the step it
// failed at, with the steps done in production kept, and an edited payload.

const s = secrets();
const SECRET = `Bearer prod-${s.apiKey}`;
let account: RunningEmulator;
let local: RunningEmulator;
const servers: { close(): void }[] = [];
const runs: CliRun[] = [];

/** What an app's steps ran: the production app's and the local one's are counted apart. */
function orderWorkflow(counts: { prepared: number; shipped: number }, broken: boolean) {
  const route: RouteFunction<{ order: number }, string> = async (context) => {
    const prepared = await context.run("prepare", () => {
      counts.prepared++;
      return { prepared: context.requestPayload.order };
    });
    return await context.run("ship", () => {
      if (broken) throw new Error("carrier offline");
      counts.shipped++;
      return `shipped ${context.requestPayload.order} (prepared ${prepared.prepared})`;
    });
  };
  return route;
}

/** A Workflow app on node:http, signed by and publishing to `emulator`. */
async function workflowApp(emulator: RunningEmulator, route: RouteFunction<{ order: number }, string>) {
  const { handler } = serve(route, {
    qstashClient: new QStashClient({ baseUrl: emulator.url, token: emulator.messagingToken }),
    receiver: new Receiver({
      currentSigningKey: emulator.signingKeys.current,
      nextSigningKey: emulator.signingKeys.next,
    }),
  });
  const relay = (req: IncomingMessage, body: Buffer, res: ServerResponse) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers))
      if (typeof value === "string") headers.set(name, value);
    const request = new Request(`http://${req.headers.host}${req.url ?? "/"}`, {
      method: "POST",
      headers,
      body,
    });
    void handler(request).then(async (response) => {
      res.writeHead(response.status, Object.fromEntries(response.headers.entries()));
      res.end(Buffer.from(await response.arrayBuffer()));
    });
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => relay(req, Buffer.concat(chunks), res));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  servers.push({ close: () => server.close() });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function eventually<T>(read: () => Promise<T | undefined>, what: string): Promise<T> {
  for (let n = 0; n < 600; n++) {
    const value = await read();
    if (value !== undefined) return value;
    await sleep(50);
  }
  throw new Error(`timed out waiting for ${what}`);
}

const production = { prepared: 0, shipped: 0 };
const fixed = { prepared: 0, shipped: 0 };
let productionApp = "";
let localApp = "";
let workflowRunId = "";

beforeAll(async () => {
  account = await emulatorFor(s, { retryBackoffScale: 0.0001 });
  local = await emulatorFor(s, { retryBackoffScale: 0.0001, messagingTokens: ["local-token"] });
  productionApp = await workflowApp(account, orderWorkflow(production, true));
  localApp = await workflowApp(local, orderWorkflow(fixed, false));
  const client = new Client({ baseUrl: account.url, token: s.token });
  ({ workflowRunId } = await client.trigger({
    url: `${productionApp}/api/workflow`,
    body: { order: 7 },
    headers: { Authorization: SECRET },
    retries: 0,
  }));
  await eventually(async () => {
    const { runs } = await client.logs({ workflowRunId });
    return runs[0]?.workflowState === "RUN_FAILED" ? true : undefined;
  }, "the production run to fail");
  expect(production).toEqual({ prepared: 1, shipped: 0 });
  account.clearRequests();
});

afterAll(async () => {
  for (const server of servers) server.close();
  await account.stop();
  await local.stop();
});

async function stashkit(...args: string[]): Promise<CliRun> {
  const run = await runCli(args, apiEnv(account, s));
  runs.push(run);
  return run;
}

/** The run in the local emulator once it ended. */
async function localRun(runId: string) {
  const client = new Client({ baseUrl: local.url, token: "local-token" });
  return eventually(async () => {
    const { runs: found } = await client.logs({ workflowRunId: runId });
    const run = found[0];
    return run && run.workflowState !== "RUN_STARTED" ? run : undefined;
  }, "the replayed run to end");
}

describe("stashkit replay --run", () => {
  it("continues a failed run from its failed step in the local emulator, with an edited payload", async () => {
    const body = join(tempFolder(), "order.json");
    writeFileSync(body, '{"order":8}');
    const rewrite = `${productionApp}=${localApp}`;
    const run = await stashkit(
      "replay",
      "--run",
      workflowRunId,
      "--to",
      local.url,
      "--to-token",
      "local-token",
      "--rewrite",
      rewrite,
      "--body-file",
      body,
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(
      `workflow run ${workflowRunId}: run ${workflowRunId} to ${localApp}/api/workflow`,
    );

    const replayed = await localRun(workflowRunId);
    expect(replayed.workflowState).toBe("RUN_SUCCESS");
    // The step done in production is not run again: its result (prepared 7) comes from the account.
    expect(replayed.workflowRunResponse).toBe(JSON.stringify("shipped 8 (prepared 7)"));
    expect(fixed).toEqual({ prepared: 0, shipped: 1 });
    expect(account.requests.every((request) => request.method === "GET")).toBe(true);
  });

  it("replays the run of a DLQ entry, and of a dlq export file, replacing the run it made before", async () => {
    const [entry] = account.state.dlq;
    const options = [
      "--to",
      local.url,
      "--to-token",
      "local-token",
      "--rewrite",
      `${productionApp}=${localApp}`,
    ];
    const byEntry = await stashkit("replay", "--dlq", entry?.dlqId ?? "", ...options);
    expect(byEntry.code, byEntry.stderr).toBe(0);
    expect((await localRun(workflowRunId)).workflowRunResponse).toBe(
      JSON.stringify("shipped 7 (prepared 7)"),
    );

    const file = join(tempFolder(), "dlq.ndjson");
    const exported = await stashkit("dlq", "export", "--output", file);
    expect(exported.stdout).toContain("0 DLQ messages and 1 Workflow run exported");
    const fromFile = await stashkit("replay", "--from-file", file, ...options);
    expect(fromFile.code, fromFile.stderr).toBe(0);
    expect(fromFile.stdout).toContain(`${file} line 1 (workflow run ${workflowRunId}): run ${workflowRunId}`);
    // The replay returns once the run is in the local emulator; its step is delivered after.
    await eventually(async () => (fixed.shipped === 3 ? true : undefined), "the run from the file to ship");
    expect(fixed.shipped).toBe(3);
    expect(fixed.prepared).toBe(0);
  });
});

it("prints no credential and no recorded secret in any run", () => {
  for (const run of runs) {
    for (const secret of [...credentialForms(s), SECRET])
      expect(`${run.stdout}${run.stderr}`).not.toContain(secret);
  }
});
