import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { RunningEmulator } from "../src/index.ts";
import { inspectorPages, region, screenshot } from "./browser.ts";
import { destination, emulator, messaging } from "./helpers.ts";
import { eventually, publishTo } from "./state-helpers.ts";
import { runLog, withWorkflow, workflowApp } from "./workflow/helpers.ts";

// The inspector's actions that send a payload (publish, enqueue, trigger, notify, run a schedule
// now, retry a DLQ message with another payload) and act on DLQ messages in bulk, each driven
// through the page as a user would, and each refused while changes are not allowed.

const inspect = inspectorPages();
const READ_ONLY = "read-only; tick Allow changes first";

/** A DLQ entry of a message to `url` that failed once with `body`; its ids. */
async function failedOnce(server: RunningEmulator, url: string, body: string) {
  const before = server.state.dlq.length;
  const published = await publishTo(server, `/v2/publish/${url}`, { "upstash-retries": "0" }, body);
  const { messageId } = (await published.json()) as { messageId: string };
  await eventually(() => server.state.dlq.length === before + 1, `${body} in the DLQ`);
  const entry = server.state.dlq.find((one) => one.message.id === messageId);
  return { messageId, dlqId: entry?.dlqId as string };
}

async function allowChanges(page: Page) {
  await page.getByRole("checkbox", { name: "Allow changes" }).check();
}

/** The editor, once open: its heading names the action. */
function editor(page: Page) {
  return page.getByRole("dialog");
}

async function sendFromEditor(page: Page, fields: { target?: string; payload?: string }) {
  const dialog = editor(page);
  await dialog.waitFor();
  if (fields.target !== undefined) {
    const target = dialog.getByRole("textbox").first();
    await target.fill(fields.target);
    await target.dispatchEvent("change");
  }
  if (fields.payload !== undefined) await dialog.getByLabel("Payload", { exact: true }).fill(fields.payload);
  await dialog.getByRole("button", { name: "Send" }).click();
  await dialog.waitFor({ state: "hidden" });
}

/**
 * Presses a button the way a script or a stale page could, whether or not it is disabled: the page
 * must refuse by itself, not only through the disabled attribute.
 */
async function forcePress(page: Page, name: string): Promise<void> {
  // A string, run in the page: this project's types have no DOM.
  await page.evaluate(`(() => {
    const label = ${JSON.stringify(name)};
    const found = Array.from(document.querySelectorAll("button")).find(
      (button) => button.getAttribute("aria-label") === label || button.textContent === label);
    if (!found) throw new Error("no button " + label);
    found.disabled = false;
    found.click();
  })()`);
}

describe("the inspector's actions, in Chromium", () => {
  it("refuses every action while changes are not allowed, and an open editor's send once they are no longer", async () => {
    const { server } = await withWorkflow();
    const hook = await destination({ failFirst: 1 });
    await messaging(server).upsert({ queueName: "orders" });
    await publishTo(server, `/v2/schedules/${hook.url}`, { "upstash-cron": "0 0 1 1 *" }, "tick");
    const scheduleId = Object.keys(server.state.schedules)[0] as string;
    const { messageId } = await failedOnce(server, hook.url, "try again");
    const page = await inspect(server.url);
    await region(page, "Dead letter queue").getByRole("row").filter({ hasText: messageId }).waitFor();
    await page.getByRole("checkbox", { name: `Select DLQ message ${messageId}` }).check();
    const sent = server.requests.length;

    const actions: [string, string][] = [
      ["Publish a message\u2026", "Publish a message"],
      ["Trigger a workflow run\u2026", "Trigger a workflow run"],
      ["Notify an event\u2026", "Notify an event"],
      ["Enqueue into queue orders", "Enqueue into queue orders"],
      [`Run schedule ${scheduleId} now`, `Run schedule ${scheduleId} now`],
      [`Edit and retry DLQ message ${messageId}`, `Edit and retry DLQ message ${messageId}`],
      ["Retry the selected DLQ messages", "Retry the selected DLQ messages"],
      ["Delete the selected DLQ messages", "Delete the selected DLQ messages"],
    ];
    for (const [button, name] of actions) {
      const shown = page.getByRole("button", { name: button, exact: true });
      expect(await shown.isDisabled(), button).toBe(true);
      await forcePress(page, button);
      await expect.poll(() => page.locator("#status").textContent()).toBe(`${name}: ${READ_ONLY}`);
      expect(await editor(page).isVisible()).toBe(false);
    }

    await allowChanges(page);
    await page.getByRole("button", { name: "Publish a message\u2026" }).click();
    await editor(page).getByLabel("Destination URL").fill(hook.url);
    // The open dialog is modal, so the box behind it is ticked off by script: the send must follow.
    await page.evaluate(`(() => {
      const box = document.getElementById("allow-changes");
      box.checked = false;
      box.dispatchEvent(new Event("change"));
    })()`);
    const send = editor(page).getByRole("button", { name: "Send" });
    expect(await send.isDisabled()).toBe(true);
    await forcePress(page, "Send");
    await expect.poll(() => page.locator("#status").textContent()).toBe(`Publish a message: ${READ_ONLY}`);

    // Nothing reached the API: no request past the page's reads, the DLQ entry still there.
    const changes = server.requests.slice(sent).filter((entry) => entry.method !== "GET");
    expect(changes).toEqual([]);
    expect(server.state.dlq).toHaveLength(1);
    expect(hook.received).toEqual([]);
  });

  it("publishes a message and enqueues one, and the editor remembers the last payload per destination", async () => {
    const server = await emulator();
    const first = await destination();
    const second = await destination();
    await messaging(server).upsert({ queueName: "orders" });
    const page = await inspect(server.url);
    await allowChanges(page);

    await page.getByRole("button", { name: "Publish a message\u2026" }).click();
    await sendFromEditor(page, { target: first.url, payload: '{"order":1}' });
    await page.getByRole("button", { name: "Publish a message\u2026" }).click();
    await sendFromEditor(page, { target: second.url, payload: '{"order":2}' });
    await first.waitFor(1);
    await second.waitFor(1);
    expect(first.received[0]).toMatchObject({ body: '{"order":1}', contentType: "application/json" });
    expect(second.received[0]?.body).toBe('{"order":2}');

    // Reloaded, the editor opens on the last destination and its payload; the first one's is kept.
    await page.reload();
    await allowChanges(page);
    await page.getByRole("button", { name: "Publish a message\u2026" }).click();
    const payload = editor(page).getByLabel("Payload", { exact: true });
    expect(await editor(page).getByLabel("Destination URL").inputValue()).toBe(second.url);
    expect(await payload.inputValue()).toBe('{"order":2}');
    await editor(page).getByLabel("Destination URL").fill(first.url);
    await editor(page).getByLabel("Destination URL").dispatchEvent("change");
    expect(await payload.inputValue()).toBe('{"order":1}');
    await editor(page).screenshot({ path: screenshot("payload-editor") });
    await page.getByRole("button", { name: "Cancel" }).click();

    await page.getByRole("button", { name: "Enqueue into queue orders" }).click();
    expect(await editor(page).getByRole("heading").textContent()).toBe("Enqueue into queue orders");
    await sendFromEditor(page, { target: first.url, payload: "queued" });
    await first.waitFor(2);
    expect(first.received[1]?.body).toBe("queued");
    expect(server.requests.map((entry) => entry.route)).toContain("POST /v2/enqueue/:name/*destination");
    await expect.poll(() => page.locator("#status").textContent()).toBe("Enqueue into queue orders: done");
  });

  it("triggers a workflow run with a payload, and notifies the event it waits for", async () => {
    const { server, client } = await withWorkflow();
    const app = await workflowApp<{ order: number }, unknown>(server, async (context) => {
      const order = context.requestPayload.order;
      const { eventData } = await context.waitForEvent("approval", `approve-${order}`, { timeout: "1d" });
      return { order, eventData };
    });
    const page = await inspect(server.url);
    await allowChanges(page);

    await page.getByRole("button", { name: "Trigger a workflow run\u2026" }).click();
    await sendFromEditor(page, { target: app.url, payload: '{"order":7}' });
    const runs = region(page, "Workflow runs");
    const row = runs.getByRole("row").filter({ hasText: "approve-7" });
    await row.waitFor();
    const runId = (await row.getByRole("cell").first().textContent()) as string;

    await row.getByRole("button", { name: "Notify event approve-7" }).click();
    expect(await editor(page).getByLabel("Event id").inputValue()).toBe("approve-7");
    await sendFromEditor(page, { payload: '{"approved":true}' });

    const run = await runLog(client, runId, (one) => one.workflowState === "RUN_SUCCESS", "the run to end");
    expect(JSON.parse(run.workflowRunResponse as string)).toEqual({
      order: 7,
      eventData: { approved: true },
    });
  });

  it("runs a schedule now with an edited payload, starting from the schedule's own", async () => {
    const server = await emulator();
    const hook = await destination();
    await publishTo(server, `/v2/schedules/${hook.url}`, { "upstash-cron": "0 0 1 1 *" }, "nightly report");
    const scheduleId = Object.keys(server.state.schedules)[0] as string;
    const page = await inspect(server.url);
    await allowChanges(page);

    const run = page.getByRole("button", { name: `Run schedule ${scheduleId} now` });
    await run.click();
    const payload = editor(page).getByLabel("Payload", { exact: true });
    await expect.poll(() => payload.inputValue()).toBe("nightly report");
    await sendFromEditor(page, { payload: "report for one customer" });
    await hook.waitFor(1);
    expect(hook.received[0]?.body).toBe("report for one customer");

    await run.click();
    await expect.poll(() => payload.inputValue()).toBe("report for one customer");
    expect(server.state.schedules[scheduleId]?.body).toBe(Buffer.from("nightly report").toString("base64"));
  });

  it("retries a DLQ message with another payload, and retries or deletes the selected ones", async () => {
    const server = await emulator();
    const hook = await destination({ failFirst: 3 });
    const broken = await failedOnce(server, hook.url, '{"order":"broken"}');
    const retried = await failedOnce(server, hook.url, "retry me");
    const dropped = await failedOnce(server, hook.url, "drop me");
    const page = await inspect(server.url);
    const dlq = region(page, "Dead letter queue");
    await dlq.getByRole("row").filter({ hasText: dropped.messageId }).waitFor();
    await allowChanges(page);

    await page.getByRole("button", { name: "Retry the selected DLQ messages" }).click();
    await expect.poll(() => page.locator("#status").textContent()).toMatch(/select DLQ messages first/);

    const pick = page.getByRole("checkbox", { name: `Select DLQ message ${retried.messageId}` });
    await pick.check();
    await dlq.screenshot({ path: screenshot("dlq-actions") });
    await page.getByRole("button", { name: `Edit and retry DLQ message ${broken.messageId}` }).click();
    const payload = editor(page).getByLabel("Payload", { exact: true });
    await expect.poll(() => payload.inputValue()).toBe('{"order":"broken"}');
    expect(await editor(page).getByRole("heading").textContent()).toBe(
      `Retry DLQ message ${broken.messageId} with a payload`,
    );
    await payload.fill('{"order":"fixed"}');
    await editor(page).screenshot({ path: screenshot("retry-with-payload") });
    await sendFromEditor(page, {});
    await hook.waitFor(1);
    expect(hook.received[0]?.body).toBe('{"order":"fixed"}');
    await dlq.getByRole("row").filter({ hasText: broken.messageId }).waitFor({ state: "detached" });

    // Still selected after the table was drawn again.
    expect(await pick.isChecked()).toBe(true);
    await page.getByRole("button", { name: "Retry the selected DLQ messages" }).click();
    await hook.waitFor(2);
    expect(hook.received[1]?.body).toBe("retry me");
    await dlq.getByRole("row").filter({ hasText: retried.messageId }).waitFor({ state: "detached" });

    await page.getByRole("checkbox", { name: `Select DLQ message ${dropped.messageId}` }).check();
    await page.getByRole("button", { name: "Delete the selected DLQ messages" }).click();
    await dlq.getByText("The dead letter queue is empty.").waitFor();
    expect(hook.received).toHaveLength(2);
    expect(server.state.dlq).toEqual([]);
  });

  it("shows a hostile payload and destination as text, running none of it", async () => {
    const server = await emulator();
    const hook = await destination({ failFirst: 1 });
    const hostile = `<img src=x onerror="document.title='owned'"><script>document.title='owned'</script>`;
    // In the path: the overview hides a query's values.
    const url = `${hook.url}/"><img src=x onerror=alert(1)>`;
    const { messageId } = await failedOnce(server, url, hostile);
    const page = await inspect(server.url);
    const row = region(page, "Dead letter queue").getByRole("row").filter({ hasText: messageId });
    await row.waitFor();
    await allowChanges(page);

    await page.getByRole("button", { name: `Edit and retry DLQ message ${messageId}` }).click();
    const payload = editor(page).getByLabel("Payload", { exact: true });
    await expect.poll(() => payload.inputValue()).toBe(hostile);
    expect(await row.getByRole("cell").nth(3).textContent()).toMatch(/\/hook\/.*img src.*onerror/);
    expect(await page.locator("img").count()).toBe(0);
    expect(await page.locator("main script").count()).toBe(0);
    expect(await page.title()).toBe("stashkit emulator inspector");
  });
});
