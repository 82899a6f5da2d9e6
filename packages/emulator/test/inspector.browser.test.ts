import { describe, expect, it } from "vitest";
import { inspectorPages, region, screenshot } from "./browser.ts";
import { destination, emulator, messaging } from "./helpers.ts";
import { eventually, fillEveryKindOfState, indexWithDocuments, publishTo } from "./state-helpers.ts";

const inspect = inspectorPages();

describe("the inspector, in Chromium", () => {
  it("shows a message published to a paused queue as held", async () => {
    const server = await emulator();
    const hook = await destination();
    await messaging(server).upsert({ queueName: "orders", parallelism: 2 });
    await messaging(server).pause("orders");
    const published = await messaging(server).enqueue("orders", hook.url, "order 42");
    const { messageId } = published.json as { messageId: string };

    const page = await inspect(server.url);

    const queue = region(page, "Queues").getByRole("row").filter({ hasText: "orders" });
    await queue.filter({ hasText: "paused" }).waitFor();
    expect(await queue.getByRole("cell").allTextContents()).toEqual([
      "orders",
      "paused",
      "1",
      "0",
      "2",
      "ResumeEnqueue\u2026",
    ]);
    const held = region(page, "Messages").getByRole("row").filter({ hasText: messageId });
    await held.waitFor();
    expect(await held.textContent()).toContain("held: queue paused");
    await page.screenshot({ path: screenshot("queues-and-messages"), fullPage: true });
  });

  it("resumes the queue from the page, once changes are allowed, and the message is delivered", async () => {
    const server = await emulator();
    const hook = await destination();
    await messaging(server).upsert({ queueName: "orders" });
    await messaging(server).pause("orders");
    const { messageId } = (await messaging(server).enqueue("orders", hook.url, "order 42")).json as {
      messageId: string;
    };
    const page = await inspect(server.url);
    const resume = page.getByRole("button", { name: "Resume queue orders" });
    await resume.waitFor();
    expect(await resume.isDisabled()).toBe(true);

    await page.getByRole("checkbox", { name: "Allow changes" }).check();
    await resume.click();

    await hook.waitFor(1);
    expect(hook.received[0]?.body).toBe("order 42");
    await region(page, "Delivered").getByRole("row").filter({ hasText: messageId }).waitFor();
    await region(page, "Queues").getByRole("row").filter({ hasText: "active" }).waitFor();
    await region(page, "Delivered").screenshot({ path: screenshot("delivered") });
  });

  it("retries a DLQ entry from the page, and the retry is delivered", async () => {
    const server = await emulator();
    const hook = await destination({ failFirst: 1 });
    await publishTo(server, `/v2/publish/${hook.url}`, { "upstash-retries": "0" }, "try again");
    await eventually(() => server.state.dlq.length === 1, "the failed message in the DLQ");
    const failedId = server.state.dlq[0]?.message.id as string;
    const page = await inspect(server.url);
    const dlq = region(page, "Dead letter queue");
    await dlq.getByRole("row").filter({ hasText: failedId }).filter({ hasText: "500" }).waitFor();
    await dlq.screenshot({ path: screenshot("dead-letter-queue") });

    await page.getByRole("checkbox", { name: "Allow changes" }).check();
    // Exact: "Edit and retry DLQ message …" (Retry with…) holds this name too.
    await page.getByRole("button", { name: `Retry DLQ message ${failedId}`, exact: true }).click();

    await hook.waitFor(1);
    expect(hook.received[0]?.body).toBe("try again");
    await dlq.getByText("The dead letter queue is empty.").waitFor();
  });

  it("queries a search index and shows the results best first", async () => {
    const server = await emulator();
    await indexWithDocuments(server, "products", [
      { id: "p1", content: { title: "red running shoes" } },
      { id: "p2", content: { title: "blue rain jacket" } },
      { id: "p3", content: { title: "running socks" } },
    ]);
    const page = await inspect(server.url);
    const indexes = region(page, "Search indexes");
    await indexes.getByRole("row").filter({ hasText: "products" }).filter({ hasText: "3" }).waitFor();

    await page.getByRole("combobox", { name: "Index" }).selectOption({ label: "products" });
    await page.getByRole("searchbox", { name: "Query" }).fill("running shoes");
    await page.getByRole("button", { name: "Search" }).click();

    const results = page.getByRole("list", { name: "Search results" }).getByRole("listitem");
    await results.first().waitFor();
    const texts = await results.allTextContents();
    expect(texts[0]).toMatch(/^p1 score/);
    expect(texts.map((text) => text.split(" ")[0])).not.toContain("p2");
    expect(await page.content()).not.toContain(server.state.indexes[0]?.index.token);
    await indexes.screenshot({ path: screenshot("search-indexes") });
  });

  it("shows schedules with their next tick and flow-control keys with their wait list, and pauses a schedule", async () => {
    const server = await emulator();
    await fillEveryKindOfState(server);
    const [schedule] = Object.values(server.state.schedules);
    const scheduleId = schedule?.scheduleId as string;
    const page = await inspect(server.url);
    const schedules = region(page, "Schedules");
    const row = schedules.getByRole("row").filter({ hasText: scheduleId });
    await row.filter({ hasText: "active" }).waitFor();
    expect(await row.getByRole("cell").nth(1).textContent()).toBe("0 0 1 1 *");
    const key = region(page, "Flow-control keys").getByRole("row").filter({ hasText: "tenant-1" });
    await key.waitFor();
    const waiting = server.state.messages.find((message) => message.flowControlKey === "tenant-1");
    expect(await key.getByRole("cell").allTextContents()).toEqual([
      "tenant-1",
      "paused",
      "1",
      "-",
      "1",
      waiting?.id,
      "Resume",
    ]);
    await region(page, "Flow-control keys").screenshot({ path: screenshot("flow-control-keys") });

    await page.getByRole("checkbox", { name: "Allow changes" }).check();
    await page.getByRole("button", { name: `Pause schedule ${scheduleId}` }).click();

    await row.filter({ hasText: "paused" }).waitFor();
    expect(server.state.schedules[scheduleId]?.isPaused).toBe(true);
    await schedules.screenshot({ path: screenshot("schedules") });
  });

  it("follows the request log live, showing credentials as ***", async () => {
    const server = await emulator();
    const hook = await destination();
    const page = await inspect(server.url);
    await page.getByRole("heading", { name: "Request log" }).waitFor();
    const secretHook = hook.url.replace("http://", "http://user:hunter2@");

    await publishTo(server, `/v2/publish/${secretHook}`);

    const row = region(page, "Request log").getByRole("row").filter({ hasText: "POST" });
    await row.waitFor();
    const cells = await row.getByRole("cell").allTextContents();
    expect(cells.slice(1)).toEqual([
      "POST",
      `/v2/publish/${hook.url.replace("http://", "http://***@")}`,
      "200",
      "Bearer ***",
    ]);
    const html = await page.content();
    expect(html).not.toContain(server.messagingToken);
    expect(html).not.toContain("hunter2");
    await region(page, "Request log").screenshot({ path: screenshot("request-log") });
  });

  it("asks for the control token when the emulator has one, and reads the state with it", async () => {
    const server = await emulator({ controlToken: "inspector-test-token" });
    await messaging(server).upsert({ queueName: "orders" });
    const page = await inspect(server.url);
    await page.getByRole("form", { name: "Control token" }).waitFor();

    await page.getByLabel("Token", { exact: true }).fill("inspector-test-token");
    await page.getByRole("button", { name: "Use token" }).click();

    await region(page, "Queues").getByRole("row").filter({ hasText: "orders" }).waitFor();
  });

  it("refuses a page from another origin that tries to drive it through the browser", async () => {
    const server = await emulator();
    await messaging(server).upsert({ queueName: "orders" });
    await messaging(server).pause("orders");
    const elsewhere = await destination();
    const page = await inspect(new URL(elsewhere.url).origin, { otherSite: true });
    const target = `${server.url}/__stashkit/inspector/queue/orders/resume`;

    const status = await page.evaluate(async (url) => {
      await fetch(url, { method: "POST", mode: "no-cors" });
      return "sent";
    }, target);

    expect(status).toBe("sent");
    const direct = await fetch(target, { method: "POST", headers: { origin: "http://evil.example" } });
    expect(direct.status).toBe(403);
    expect(server.state.queues["orders"]?.paused).toBe(true);
    expect(server.requests.map((entry) => entry.route)).not.toContain("POST /v2/queues/:name/resume");
  });
});
