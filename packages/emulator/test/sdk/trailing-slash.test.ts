import { describe, expect, it } from "vitest";
import { dlqListSchema, errorSchema, queueSchema, scheduleSchema } from "../contract.ts";
import { conforms, eventually, recorder, withSdk } from "./helpers.ts";

/** The SDKs never send a trailing slash, so these are raw requests checked against the document. */
describe("messaging paths with one trailing slash", () => {
  it("answers the documented paths with one trailing slash as without it", async () => {
    const { client, raw } = await withSdk();
    const upsert = await raw("POST", "/v2/queues/", {
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ queueName: "emails", parallelism: 2 }),
    });
    expect(upsert.status).toBe(200);
    expect((await client.queue({ queueName: "emails" }).get()).parallelism).toBe(2);

    const listed = (await raw("GET", "/v2/queues/")).json as unknown[];
    expect(listed.map((queue) => conforms(queueSchema, queue).name)).toEqual(["emails"]);
    expect(conforms(queueSchema, (await raw("GET", "/v2/queues/emails/")).json).name).toBe("emails");
    expect((await raw("POST", "/v2/queues/emails/pause/")).status).toBe(200);
    expect((await client.queue({ queueName: "emails" }).get()).paused).toBe(true);

    const { scheduleId } = await client.schedules.create({
      destination: "http://127.0.0.1:9/s",
      cron: "0 * * * *",
    });
    conforms(scheduleSchema, (await raw("GET", `/v2/schedules/${scheduleId}/`)).json);
    conforms(dlqListSchema, (await raw("GET", "/v2/dlq/")).json);
    // The filters are checked there too.
    expect(conforms(errorSchema, (await raw("DELETE", "/v2/dlq/?labeel=x")).json).error).toContain("labeel");
  });

  it("keeps a publish's trailing slash: it is part of the destination URL", async () => {
    const { raw } = await withSdk();
    const hook = await recorder();
    const published = await raw("POST", `/v2/publish/${hook.url}/hook/`, { body: "x" });
    expect(published.status).toBe(200);
    const [request] = await eventually(() => hook.received.length === 1 && hook.received, "the delivery");
    expect(request?.path).toBe("/hook/");
  });

  it("takes one trailing slash, not two", async () => {
    const { raw } = await withSdk();
    expect((await raw("GET", "/v2/queues//")).status).toBe(404);
  });
});
