import { describe, expect, it } from "vitest";
import { scheduleSchema } from "../contract.ts";
import { conforms, eventually, FAST_RETRIES, recorder, withSdk } from "./helpers.ts";

const DAY = 24 * 60 * 60 * 1000;

describe("official SDK: a schedule's callbacks and body", () => {
  it("keeps Upstash-Callback and Upstash-Failure-Callback, answers them, and each tick's message calls them", async () => {
    const { client, server, raw } = await withSdk({ retryBackoffScale: FAST_RETRIES });
    const hook = await recorder((request) => (request.path === "/report" ? 500 : 200));
    const { scheduleId } = await client.schedules.create({
      destination: `${hook.url}/report`,
      cron: "0 0 * * *",
      retries: 0,
      callback: `${hook.url}/callback`,
      failureCallback: `${hook.url}/failure`,
    });

    const schedule = await client.schedules.get(scheduleId);
    expect(schedule).toMatchObject({
      callback: `${hook.url}/callback`,
      failureCallback: `${hook.url}/failure`,
    });
    // Made without a body: no `body` field, not "".
    expect(schedule).not.toHaveProperty("body");
    const wire = conforms(scheduleSchema, (await raw("GET", `/v2/schedules/${scheduleId}`)).json);
    expect(wire).not.toHaveProperty("body");
    expect((await client.schedules.list())[0]).not.toHaveProperty("body");

    expect(server.advanceClock(DAY)).toBe(1);
    const paths = () => hook.received.map((request) => request.path).sort();
    await eventually(() => paths().length === 3, "the tick, its callback and its failure callback");
    expect(paths()).toEqual(["/callback", "/failure", "/report"]);
    for (const path of ["/callback", "/failure"]) {
      const body = JSON.parse(hook.received.find((request) => request.path === path)?.body ?? "{}");
      expect(body).toMatchObject({ status: 500, scheduleId, url: `${hook.url}/report` });
    }
  });

  it("keeps the body of a schedule made with one, and drops it when the schedule is made again without", async () => {
    const { client } = await withSdk();
    await client.schedules.create({
      destination: "http://127.0.0.1:9/a",
      cron: "0 * * * *",
      scheduleId: "job",
      body: "payload",
    });
    expect((await client.schedules.get("job")).body).toBe("payload");
    await client.schedules.create({
      destination: "http://127.0.0.1:9/b",
      cron: "0 * * * *",
      scheduleId: "job",
    });
    expect(await client.schedules.get("job")).not.toHaveProperty("body");
  });
});
