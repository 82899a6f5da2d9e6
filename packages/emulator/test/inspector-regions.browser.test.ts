import { Client as QStashClient, Receiver } from "@upstash/qstash";
import { Client } from "@upstash/workflow";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { RunningEmulator } from "../src/index.ts";
import { inspectorPages, region } from "./browser.ts";
import { destination, emulator } from "./helpers.ts";
import { eventually } from "./state-helpers.ts";
import { FAST_RETRIES, runLog, workflowApp } from "./workflow/helpers.ts";

const inspect = inspectorPages();

/** A request to one region's messaging API, with that region's URL and token. */
async function inRegion(server: RunningEmulator, name: string, path: string, body?: unknown) {
  const env = server.qstashEnv();
  const answer = await fetch(`${env[`${name}_QSTASH_URL`]}${path}`, {
    method: body === undefined && !path.endsWith("/pause") ? "GET" : "POST",
    headers: { authorization: `Bearer ${env[`${name}_QSTASH_TOKEN`]}`, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(answer.status, await answer.clone().text()).toBe(200);
  return answer;
}

const REGIONS = ["EU_CENTRAL_1", "US_EAST_1"] as const;

/** A publish or a schedule in one region, with `headers` and a text body; its JSON answer. */
async function publishIn(
  server: RunningEmulator,
  name: string,
  path: string,
  headers: Record<string, string>,
  body: string,
) {
  const env = server.qstashEnv();
  const answer = await fetch(`${env[`${name}_QSTASH_URL`]}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${env[`${name}_QSTASH_TOKEN`]}`, ...headers },
    body,
  });
  expect(answer.ok, await answer.clone().text()).toBe(true);
  return (await answer.json()) as Record<string, string>;
}

/** The message ids in one region's DLQ. */
async function deadIn(server: RunningEmulator, name: string): Promise<string[]> {
  const { messages } = (await (await inRegion(server, name, "/v2/dlq")).json()) as {
    messages: { messageId: string }[];
  };
  return messages.map((message) => message.messageId).sort();
}

/** A message published with no retries to a destination that fails it: a DLQ entry in `name`. */
async function deadLetter(server: RunningEmulator, name: string, url: string, body: string) {
  const { messageId } = await publishIn(server, name, `/v2/publish/${url}`, { "upstash-retries": "0" }, body);
  await eventually(
    async () => (await deadIn(server, name)).includes(messageId as string),
    `${body} in the DLQ`,
  );
  return messageId as string;
}

async function sendFromEditor(page: Page, heading: string, fields: { target?: string; payload?: string }) {
  const dialog = page.getByRole("dialog");
  await dialog.waitFor();
  expect(await dialog.getByRole("heading").textContent()).toBe(heading);
  if (fields.target !== undefined) await dialog.getByRole("textbox").first().fill(fields.target);
  if (fields.payload !== undefined) await dialog.getByLabel("Payload", { exact: true }).fill(fields.payload);
  await dialog.getByRole("button", { name: "Send" }).click();
  await dialog.waitFor({ state: "hidden" });
}

describe("the inspector of a two-region emulator, in Chromium", () => {
  it("names each row's region, and a button acts on its own region's queue only", async () => {
    const server = await emulator({ regions: ["EU_CENTRAL_1", "US_EAST_1"] });
    for (const name of ["EU_CENTRAL_1", "US_EAST_1"]) {
      await inRegion(server, name, "/v2/queues", { queueName: "orders", parallelism: 1 });
      await inRegion(server, name, "/v2/queues/orders/pause");
    }
    const page = await inspect(server.url);
    const rows = region(page, "Queues").getByRole("row").filter({ hasText: "orders" });
    await rows.filter({ hasText: "US_EAST_1" }).waitFor();
    expect(await rows.filter({ hasText: "EU_CENTRAL_1" }).getByRole("cell").allTextContents()).toEqual([
      "EU_CENTRAL_1",
      "orders",
      "paused",
      "0",
      "0",
      "1",
      "ResumeEnqueue\u2026",
    ]);

    await page.getByRole("checkbox", { name: "Allow changes" }).check();
    await page.getByRole("button", { name: "Resume queue orders in US_EAST_1" }).click();
    await rows.filter({ hasText: "US_EAST_1" }).filter({ hasText: "active" }).waitFor();
    const us = (await (await inRegion(server, "US_EAST_1", "/v2/queues/orders")).json()) as {
      paused: boolean;
    };
    const eu = (await (await inRegion(server, "EU_CENTRAL_1", "/v2/queues/orders")).json()) as {
      paused: boolean;
    };
    expect({ us: us.paused, eu: eu.paused }).toEqual({ us: false, eu: true });
  });

  it("sends, runs by hand and retries in bulk in each row's own region", async () => {
    const server = await emulator({ regions: [...REGIONS] });
    const hook = await destination({ failFirst: 3 });
    const euDead = await deadLetter(server, "EU_CENTRAL_1", hook.url, "eu dead");
    const usBroken = await deadLetter(server, "US_EAST_1", hook.url, '{"order":"broken"}');
    const usDead = await deadLetter(server, "US_EAST_1", hook.url, "us dead");
    // Only in the region that is not the default: by hand in the wrong region would find nothing.
    const { scheduleId } = await publishIn(
      server,
      "US_EAST_1",
      `/v2/schedules/${hook.url}`,
      { "upstash-cron": "0 0 1 1 *" },
      "nightly report",
    );
    for (const name of REGIONS)
      await inRegion(server, name, "/v2/queues", { queueName: "orders", parallelism: 1 });
    const page = await inspect(server.url);
    const dlq = region(page, "Dead letter queue");
    await dlq.getByRole("row").filter({ hasText: usDead }).waitFor();
    await page.getByRole("checkbox", { name: "Allow changes" }).check();

    await page.getByRole("button", { name: `Run schedule ${scheduleId} now in US_EAST_1` }).click();
    const payload = page.getByRole("dialog").getByLabel("Payload", { exact: true });
    await expect.poll(() => payload.inputValue()).toBe("nightly report");
    await sendFromEditor(page, `Run schedule ${scheduleId} now in US_EAST_1`, { payload: "one customer" });
    await hook.waitFor(1);
    expect(hook.received[0]?.body).toBe("one customer");

    await page.getByRole("button", { name: `Edit and retry DLQ message ${usBroken} in US_EAST_1` }).click();
    await expect.poll(() => payload.inputValue()).toBe('{"order":"broken"}');
    await sendFromEditor(page, `Retry DLQ message ${usBroken} with a payload in US_EAST_1`, {
      payload: '{"order":"fixed"}',
    });
    await hook.waitFor(2);
    expect(hook.received[1]?.body).toBe('{"order":"fixed"}');
    expect({ eu: await deadIn(server, "EU_CENTRAL_1"), us: await deadIn(server, "US_EAST_1") }).toEqual({
      eu: [euDead],
      us: [usDead],
    });

    await page.getByRole("button", { name: "Enqueue into queue orders in US_EAST_1" }).click();
    await sendFromEditor(page, "Enqueue into queue orders in US_EAST_1", {
      target: hook.url,
      payload: "queued",
    });
    await hook.waitFor(3);
    expect(hook.received[2]?.body).toBe("queued");
    const enqueued = server.requests.filter((entry) => entry.path.includes("/v2/enqueue/orders/"));
    expect(enqueued.map((entry) => entry.path.split("/v2/", 1)[0])).toEqual(["/us-east-1"]);

    // One selection across both regions: each entry is retried in its own.
    await page.getByRole("checkbox", { name: `Select DLQ message ${euDead} in EU_CENTRAL_1` }).check();
    await page.getByRole("checkbox", { name: `Select DLQ message ${usDead} in US_EAST_1` }).check();
    await page.getByRole("button", { name: "Retry the selected DLQ messages" }).click();
    await hook.waitFor(5);
    expect(
      hook.received
        .slice(3)
        .map((one) => one.body)
        .sort(),
    ).toEqual(["eu dead", "us dead"]);
    await dlq.getByText("The dead letter queue is empty.").waitFor();
    expect({ eu: await deadIn(server, "EU_CENTRAL_1"), us: await deadIn(server, "US_EAST_1") }).toEqual({
      eu: [],
      us: [],
    });
  });

  it("notifies the event a run of US_EAST_1 waits for, in that region", async () => {
    const server = await emulator({ regions: [...REGIONS], retryBackoffScale: FAST_RETRIES });
    const env = server.qstashEnv();
    const us = { baseUrl: env["US_EAST_1_QSTASH_URL"] ?? "", token: env["US_EAST_1_QSTASH_TOKEN"] ?? "" };
    const app = await workflowApp<{ order: number }, unknown>(
      server,
      async (context) => {
        const order = context.requestPayload.order;
        const { eventData } = await context.waitForEvent("approval", `approve-${order}`, { timeout: "1d" });
        return { order, eventData };
      },
      {
        qstashClient: new QStashClient(us),
        receiver: new Receiver({
          currentSigningKey: env["US_EAST_1_QSTASH_CURRENT_SIGNING_KEY"] ?? "",
          nextSigningKey: env["US_EAST_1_QSTASH_NEXT_SIGNING_KEY"] ?? "",
        }),
      },
    );
    const client = new Client(us);
    const { workflowRunId } = await client.trigger({ url: app.url, body: { order: 3 } });
    const page = await inspect(server.url);
    const row = region(page, "Workflow runs").getByRole("row").filter({ hasText: "approve-3" });
    await row.waitFor();
    expect(await row.getByRole("cell").first().textContent()).toBe("US_EAST_1");
    await page.getByRole("checkbox", { name: "Allow changes" }).check();

    await row.getByRole("button", { name: "Notify event approve-3 in US_EAST_1" }).click();
    expect(await page.getByRole("dialog").getByLabel("Event id").inputValue()).toBe("approve-3");
    await sendFromEditor(page, "Notify an event in US_EAST_1", { payload: '{"approved":true}' });
    const run = await runLog(
      client,
      workflowRunId,
      (one) => one.workflowState === "RUN_SUCCESS",
      "the run to end",
    );
    expect(JSON.parse(run.workflowRunResponse as string)).toEqual({
      order: 3,
      eventData: { approved: true },
    });
  });
});
