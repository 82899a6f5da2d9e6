import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { inspectorPages, region, screenshot } from "./browser.ts";
import { recorder } from "./sdk/helpers.ts";
import { eventually, indexWithDocuments, publishTo } from "./state-helpers.ts";
import { withWorkflow, workflowApp } from "./workflow/helpers.ts";

const inspect = inspectorPages();

/** The text `toLocaleString` gives in the page: the viewer's date and time. */
function inPage(page: Page, ms: number): Promise<string> {
  return page.evaluate((at) => new Date(at).toLocaleString(), ms);
}

describe("the inspector's Workflow runs, in Chromium", () => {
  it("lists runs with their steps, and says why one waits (for which event) and why one does not move (the answer)", async () => {
    // The documented backoff, so a failing run is seen between its tries.
    const { server } = await withWorkflow({ retryBackoffScale: 1 });
    const app = await workflowApp(server, async (context) => {
      await context.run("reserve", () => "reserved");
      await context.sleep("cool-off", "3d");
      const { eventData } = await context.waitForEvent("approval", "order-approved", { timeout: "1d" });
      return eventData;
    });
    const waiting = server.workflows.start(app.url, { body: { orderId: "o-1" } });
    const settled = await server.workflows.settle(waiting.workflowRunId);
    expect(settled.stalled).toMatch(/^waiting for event "order-approved"/);
    const down = await recorder(() => 503);
    const failing = server.workflows.start(`${down.url}/workflow`);
    await eventually(
      () => server.workflows.summary(failing.workflowRunId).stalled?.includes("answered 503") === true,
      "the failing run's reason",
    );

    const page = await inspect(server.url);
    const runs = region(page, "Workflow runs");
    const waitingRow = runs.getByRole("row").filter({ hasText: waiting.workflowRunId });
    await waitingRow.filter({ hasText: "order-approved" }).waitFor();
    const cells = await waitingRow.getByRole("cell").allTextContents();
    expect(cells.slice(0, 4)).toEqual([waiting.workflowRunId, app.url, "RUN_STARTED", "2"]);
    // The test clock moved three days: times on it carry the date and are marked.
    expect(cells[4]).toBe(`${await inPage(page, settled.createdAt)} (emulator clock)`);
    expect(cells[6]).toMatch(/^waiting for event "order-approved" \(times out at /);
    await expect
      .poll(() => page.locator("#clock").textContent())
      .toMatch(/^Emulator clock: .*, \d+ days ahead of real time/);

    const failingRow = runs.getByRole("row").filter({ hasText: failing.workflowRunId });
    await failingRow.filter({ hasText: "503" }).waitFor();
    const failed = await failingRow.getByRole("cell").allTextContents();
    expect(failed[5]).toBe("503: failed with 503");
    expect(failed[6]).toMatch(/^its endpoint answered 503: failed with 503; retrying at /);
    await runs.screenshot({ path: screenshot("workflow-runs") });
  });

  it("shows a retrying message's last answer, and times without a moved clock unmarked", async () => {
    const { server } = await withWorkflow({ retryBackoffScale: 1 });
    const down = await recorder(() => 502);
    await publishTo(server, `/v2/publish/${down.url}/hook`, { "upstash-retries": "3" }, "payload");
    await eventually(() => server.state.messages[0]?.retried === 1, "the first retry planned");
    const [message] = server.state.messages;

    const page = await inspect(server.url);
    const row = region(page, "Messages")
      .getByRole("row")
      .filter({ hasText: message?.id ?? "?" });
    await row.filter({ hasText: "retrying" }).waitFor();
    const cells = await row.getByRole("cell").allTextContents();
    expect(cells[3]).toBe("retrying");
    // Due at its next attempt, in the viewer's clock, unmarked: the test clock has not moved.
    expect(cells[5]).toBe(await inPage(page, message?.nextAttemptAt ?? 0));
    expect(cells[6]).toBe("502: failed with 502");
    expect(await page.locator("#clock").textContent()).toBe("");
    await region(page, "Messages").screenshot({ path: screenshot("retrying-message") });
  });

  it("splits an index's documents by namespace, stashkit's seed records apart", async () => {
    const { server } = await withWorkflow();
    const index = await indexWithDocuments(server, "products", [
      { id: "p1", content: { title: "red shoes" } },
      { id: "p2", content: { title: "blue jacket" } },
    ]);
    const endpoint = index.endpoint.split("/").at(-1);
    const marker = await fetch(`${server.url}/search/${endpoint}/upsert-data/stashkit-seeds`, {
      method: "POST",
      headers: { authorization: `Bearer ${index.token}`, "content-type": "application/json" },
      body: JSON.stringify([{ id: "namespace:", content: { finished: true, documents: 2 } }]),
    });
    expect(marker.status).toBe(200);

    const page = await inspect(server.url);
    const indexes = region(page, "Search indexes");
    const row = indexes.getByRole("row").filter({ hasText: "products" });
    await row.filter({ hasText: "stashkit-seeds" }).waitFor();
    const cells = await row.getByRole("cell").allTextContents();
    expect(cells.slice(3, 5)).toEqual(["3", "(default): 2, stashkit-seeds: 1"]);
    expect(await indexes.textContent()).toContain("a namespace of its own, stashkit-seeds");
    await indexes.screenshot({ path: screenshot("search-index-namespaces") });
  });
});
