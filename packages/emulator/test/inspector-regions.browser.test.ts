import { describe, expect, it } from "vitest";
import type { RunningEmulator } from "../src/index.ts";
import { inspectorPages, region } from "./browser.ts";
import { emulator } from "./helpers.ts";

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
      "Resume",
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
});
