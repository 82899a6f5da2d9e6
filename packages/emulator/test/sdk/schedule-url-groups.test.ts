import { describe, expect, it } from "vitest";
import { eventually, header, recorder, withSdk } from "./helpers.ts";

const MINUTE = 60_000;

describe("official SDK: a schedule to a URL group", () => {
  it("is created with the group's name as its destination, and each tick fans out to every endpoint", async () => {
    const { client, server } = await withSdk();
    const hook = await recorder();
    await client.urlGroups.addEndpoints({
      name: "nightly-fan-out",
      endpoints: [
        { name: "billing", url: `${hook.url}/billing` },
        { name: "audit", url: `${hook.url}/audit` },
      ],
    });
    const { scheduleId } = await client.schedules.create({
      destination: "nightly-fan-out",
      cron: "* * * * *",
      body: "tick",
    });
    expect((await client.schedules.get(scheduleId)).destination).toBe("nightly-fan-out");

    expect(server.advanceClock(MINUTE)).toBe(1);
    await eventually(() => hook.received.length === 2, "one message per endpoint");
    expect(hook.received.map((r) => r.path).sort()).toEqual(["/audit", "/billing"]);
    for (const request of hook.received) expect(header(request, "upstash-schedule-id")).toBe(scheduleId);
  });

  it("fires nothing while its group has no endpoints left", async () => {
    const { client, server } = await withSdk();
    const hook = await recorder();
    await client.urlGroups.addEndpoints({ name: "gone-soon", endpoints: [{ url: `${hook.url}/x` }] });
    await client.schedules.create({ destination: "gone-soon", cron: "* * * * *" });
    await client.urlGroups.delete("gone-soon");

    expect(server.advanceClock(MINUTE)).toBe(1);
    expect(server.delivered).toEqual([]);
    expect(hook.received).toEqual([]);
  });
});
