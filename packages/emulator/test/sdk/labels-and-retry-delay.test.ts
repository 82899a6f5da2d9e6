import { describe, expect, it } from "vitest";
import { dlqMessageSchema, logsListSchema, messageSchema, scheduleSchema } from "../contract.ts";
import { conforms, eventually, FAST_RETRIES, recorder, withSdk } from "./helpers.ts";

/** A destination that never answers: its messages wait an hour (they are read, not delivered). */
const AN_HOUR_ON = () => Math.floor(Date.now() / 1000) + 3600;

describe("official SDK: several labels, and the retry delay expression", () => {
  it("answers label (the first) and labels (all) for a pending message, with its retryDelayExpression", async () => {
    const { client, raw } = await withSdk();
    const { messageId } = await client.publish({
      url: "http://127.0.0.1:9/orders",
      body: "o-1",
      label: ["billing", "eu"],
      retryDelay: "1000 * pow(2, retried)",
      notBefore: AN_HOUR_ON(),
    });

    const message = await client.messages.get(messageId);
    expect(message).toMatchObject({
      label: "billing",
      labels: ["billing", "eu"],
      retryDelayExpression: "1000 * pow(2, retried)",
    });
    // The wire, against the document's `Message` (plus the SDK's fields).
    const wire = conforms(messageSchema, (await raw("GET", `/v2/messages/${messageId}`)).json);
    expect(wire).toMatchObject({ label: "billing", labels: ["billing", "eu"] });

    // Without Upstash-Retry-Delay there is no expression to answer.
    const plain = await client.publish({ url: "http://127.0.0.1:9/x", body: "p", notBefore: AN_HOUR_ON() });
    expect(await client.messages.get(plain.messageId)).not.toHaveProperty("retryDelayExpression");
  });

  it("keeps both in each DLQ entry", async () => {
    const { client, raw } = await withSdk({ retryBackoffScale: FAST_RETRIES });
    const hook = await recorder(() => 500);
    const { messageId } = await client.publish({
      url: `${hook.url}/fails`,
      body: "doomed",
      retries: 1,
      label: ["billing", "eu"],
      retryDelay: "10 * retried",
    });
    const entry = await eventually(
      async () => (await client.dlq.listMessages({ filter: { messageId } })).messages[0],
      "the DLQ entry",
    );
    expect(entry).toMatchObject({
      label: "billing",
      labels: ["billing", "eu"],
      retryDelayExpression: "10 * retried",
    });
    const wire = conforms(dlqMessageSchema, (await raw("GET", `/v2/dlq/${entry.dlqId}`)).json);
    expect(wire).toMatchObject({ label: "billing", labels: ["billing", "eu"] });
    // Either label finds it (a filter matches any of the message's labels).
    const byEither = await client.dlq.listMessages({ filter: { label: "eu" } });
    expect(byEither.messages.map((found) => found.messageId)).toEqual([messageId]);
  });

  it("lists label and labels on every event of the message", async () => {
    const { client, raw } = await withSdk();
    const { messageId } = await client.publish({
      url: "http://127.0.0.1:9/x",
      body: "e",
      label: ["billing", "eu"],
      notBefore: AN_HOUR_ON(),
    });
    await client.messages.cancel(messageId);

    const { logs } = await client.logs({ filter: { label: ["eu"] } });
    expect(logs.map((log) => [log.state, log.label, log.labels])).toEqual([
      ["CANCELLED", "billing", ["billing", "eu"]],
      ["CREATED", "billing", ["billing", "eu"]],
    ]);
    const documented = conforms(logsListSchema, (await raw("GET", "/v2/logs")).json);
    expect(documented.logs.map((log) => log.label)).toEqual(["billing", "billing"]);
  });

  it("answers a schedule's labels the same way", async () => {
    const { client, raw } = await withSdk();
    const { scheduleId } = await client.schedules.create({
      destination: "http://127.0.0.1:9/report",
      cron: "0 0 * * *",
      label: ["nightly", "reports"],
    });
    expect(await client.schedules.get(scheduleId)).toMatchObject({
      label: "nightly",
      labels: ["nightly", "reports"],
    });
    conforms(scheduleSchema, (await raw("GET", `/v2/schedules/${scheduleId}`)).json);
  });
});
