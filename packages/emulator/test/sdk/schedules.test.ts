import { describe, expect, it } from "vitest";
import { errorSchema, scheduleCreatedSchema, scheduleSchema } from "../contract.ts";
import { control } from "../helpers.ts";
import { conforms, eventually, header, recorder, withSdk } from "./helpers.ts";

const MINUTE = 60_000;

describe("official SDK: schedules", () => {
  it("creates a schedule with a cron and a label, lists and gets it with the documented fields", async () => {
    const { client, raw } = await withSdk();
    const hook = await recorder();
    const created = await client.schedules.create({
      destination: `${hook.url}/tick?source=cron`,
      cron: "*/5 * * * *",
      body: JSON.stringify({ job: "report" }),
      label: "nightly-report",
      retries: 2,
      headers: { "X-Job": "report" },
    });
    const { scheduleId } = conforms(scheduleCreatedSchema, created);

    const listed = (await raw("GET", "/v2/schedules")).json as unknown[];
    expect(listed).toHaveLength(1);
    const schedule = conforms(scheduleSchema, listed[0]);
    expect(schedule).toMatchObject({
      scheduleId,
      cron: "*/5 * * * *",
      destination: `${hook.url}/tick?source=cron`,
      method: "POST",
      isPaused: false,
      retries: 2,
      label: "nightly-report",
      labels: ["nightly-report"],
      body: '{"job":"report"}',
    });
    expect(schedule.header?.["X-Job"]).toEqual(["report"]);
    expect((schedule.nextScheduleTime ?? 0) % (5 * MINUTE)).toBe(0);
    expect(conforms(scheduleSchema, (await raw("GET", `/v2/schedules/${scheduleId}`)).json)).toEqual(
      schedule,
    );
    expect((await client.schedules.get(scheduleId)).cron).toBe("*/5 * * * *");
    expect((await client.schedules.list()).map((s) => s.scheduleId)).toEqual([scheduleId]);
  });

  it("fires on each cron tick the clock passes, signed and marked with the schedule id", async () => {
    const { client, server, receiver } = await withSdk();
    const hook = await recorder();
    const url = `${hook.url}/every-minute`;
    const { scheduleId } = await client.schedules.create({
      destination: url,
      cron: "* * * * *",
      body: "tick",
    });

    expect(server.advanceClock(3 * MINUTE)).toBe(3);
    await eventually(() => hook.received.length === 3, "three ticks");
    for (const request of hook.received) {
      expect(header(request, "upstash-schedule-id")).toBe(scheduleId);
      expect(
        await receiver.verify({
          signature: header(request, "upstash-signature") ?? "",
          body: request.body,
          url,
        }),
      ).toBe(true);
    }
    const schedule = await client.schedules.get(scheduleId);
    expect(schedule.lastScheduleTime).toBeLessThanOrEqual(
      server.state.schedules[scheduleId]?.nextScheduleTime ?? 0,
    );
  });

  it("ignores the ticks of a paused schedule and fires again after resume", async () => {
    const { client, server } = await withSdk();
    const hook = await recorder();
    const { scheduleId } = await client.schedules.create({ destination: `${hook.url}/p`, cron: "* * * * *" });

    await client.schedules.pause({ schedule: scheduleId });
    expect((await client.schedules.get(scheduleId)).isPaused).toBe(true);
    const advanced = await control(server).post("/clock/advance", { minutes: 5 });
    expect(advanced.json).toMatchObject({ fired: 0 });
    expect(server.state.messages).toEqual([]);

    await client.schedules.resume({ schedule: scheduleId });
    expect((await client.schedules.get(scheduleId)).isPaused).toBe(false);
    // The five ticks passed while paused are not replayed.
    expect((await control(server).post("/clock/advance", { minutes: 1 })).json).toMatchObject({ fired: 1 });
    await eventually(() => hook.received.length === 1, "one tick after resume");
  });

  it("pauses and resumes with POST as the document says (the SDK sends PATCH)", async () => {
    const { client, raw } = await withSdk();
    const { scheduleId } = await client.schedules.create({
      destination: "http://127.0.0.1:9/x",
      cron: "0 * * * *",
    });
    expect((await raw("POST", `/v2/schedules/${scheduleId}/pause`)).status).toBe(200);
    expect((await raw("POST", `/v2/schedules/${scheduleId}/pause`)).status).toBe(200);
    expect((await client.schedules.get(scheduleId)).isPaused).toBe(true);
    expect((await raw("POST", `/v2/schedules/${scheduleId}/resume`)).status).toBe(200);
    expect((await client.schedules.get(scheduleId)).isPaused).toBe(false);
  });

  it("fires on the real clock too, when a tick comes due without the test clock moving", async () => {
    const { client, server } = await withSdk();
    const hook = await recorder();
    const { scheduleId } = await client.schedules.create({
      destination: `${hook.url}/real`,
      cron: "* * * * *",
    });
    const next = server.state.schedules[scheduleId]?.nextScheduleTime ?? 0;
    // Move to just before the tick and let the emulator's own timer reach it.
    const clock = (await control(server).get("/clock")).json as { now: number; offsetMs: number };
    expect(clock.offsetMs).toBe(0);
    const ahead = next - clock.now - 50;
    if (ahead > 0) expect(server.advanceClock(ahead)).toBe(0);
    await eventually(() => hook.received.length === 1, "the tick from the emulator's timer");
  });

  it("updates a schedule given its id again, and deletes it", async () => {
    const { client, raw } = await withSdk();
    await client.schedules.create({
      destination: "http://127.0.0.1:9/a",
      cron: "0 * * * *",
      scheduleId: "my-job",
    });
    await client.schedules.pause({ schedule: "my-job" });
    await client.schedules.create({
      destination: "http://127.0.0.1:9/b",
      cron: "30 * * * *",
      scheduleId: "my-job",
    });
    const updated = await client.schedules.get("my-job");
    expect(updated).toMatchObject({
      destination: "http://127.0.0.1:9/b",
      cron: "30 * * * *",
      isPaused: true,
    });

    await client.schedules.delete("my-job");
    const gone = await raw("GET", "/v2/schedules/my-job");
    expect(gone.status).toBe(404);
    conforms(errorSchema, gone.json);
    expect((await raw("POST", "/v2/schedules/my-job/pause")).status).toBe(404);
  });

  it("sends a schedule's messages to its queue and honours CRON_TZ", async () => {
    const { client, server } = await withSdk();
    const hook = await recorder();
    const { scheduleId } = await client.schedules.create({
      destination: `${hook.url}/q`,
      cron: "CRON_TZ=America/New_York 0 9 * * *",
      queueName: "scheduled",
    });
    const next = new Date(server.state.schedules[scheduleId]?.nextScheduleTime ?? 0);
    expect(
      new Intl.DateTimeFormat("en-US", {
        timeZone: "America/New_York",
        hour: "numeric",
        hour12: false,
      }).format(next),
    ).toBe("09");
    expect(server.advanceClock(24 * 60 * MINUTE)).toBe(1);
    const [delivered] = await eventually(
      () => server.delivered.length === 1 && server.delivered,
      "the delivery",
    );
    expect(delivered?.queue).toBe("scheduled");
    expect(hook.received).toHaveLength(1);
  });

  it.each([
    ["no cron", {}, /Upstash-Cron header is required/],
    ["a 6-field cron", { "upstash-cron": "* * * * * *" }, /must have 5 fields/],
    ["a nonsense cron", { "upstash-cron": "61 * * * *" }, /not a valid cron expression/],
    [
      "a bad schedule id",
      { "upstash-cron": "* * * * *", "upstash-schedule-id": "has space" },
      /Schedule ID is invalid/,
    ],
  ])("answers 400 for %s", async (_case, headers, message) => {
    const { raw, server } = await withSdk();
    const answer = await raw("POST", "/v2/schedules/http://127.0.0.1:9/x", { headers });
    expect(answer.status).toBe(400);
    expect(conforms(errorSchema, answer.json).error).toMatch(message);
    expect(server.state.schedules).toEqual({});
  });
});
