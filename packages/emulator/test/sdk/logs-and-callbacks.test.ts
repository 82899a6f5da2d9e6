import { describe, expect, it } from "vitest";
import { dlqListSchema, logsListSchema } from "../contract.ts";
import { conforms, eventually, FAST_RETRIES, header, recorder, withSdk } from "./helpers.ts";

describe("official SDK: logs, callbacks, global parallelism", () => {
  it("logs a message's life newest first, filtered by state, a page at a time", async () => {
    const { client, raw } = await withSdk({ retryBackoffScale: FAST_RETRIES });
    const hook = await recorder((_request, index) => (index === 0 ? 500 : 200));
    const { messageId } = await client.publish({ url: `${hook.url}/flaky`, body: "x", retries: 2 });
    await eventually(async () => {
      const { logs } = await client.logs({ filter: { messageId } });
      return logs.some((log) => log.state === "DELIVERED");
    }, "the delivery to be logged");

    const { logs } = await client.logs({ filter: { messageId } });
    expect(logs.map((log) => log.state)).toEqual([
      "DELIVERED",
      "ACTIVE",
      "RETRY",
      "ERROR",
      "ACTIVE",
      "CREATED",
    ]);
    expect(logs[0]).toMatchObject({ messageId, url: `${hook.url}/flaky` });

    const errors = await client.logs({ filter: { state: "ERROR" } });
    expect(errors.logs.map((log) => log.messageId)).toEqual([messageId]);
    const first = await client.logs({ count: 2 });
    expect(first.logs).toHaveLength(2);
    const next = await client.logs({ count: 2, cursor: first.cursor ?? "" });
    expect(next.logs.map((log) => log.state)).toEqual(["RETRY", "ERROR"]);

    // The document's route and shape: `GET /v2/logs` answers `{cursor, logs}`, oldest first on request.
    const documented = conforms(logsListSchema, (await raw("GET", "/v2/logs?order=earliestFirst")).json);
    expect(documented.logs.map((log) => log.state)).toEqual([
      "CREATED",
      "ACTIVE",
      "ERROR",
      "RETRY",
      "ACTIVE",
      "DELIVERED",
    ]);
  });

  it("calls Upstash-Callback with the documented body and Upstash-Failure-Callback when retries are spent", async () => {
    const { client, raw } = await withSdk({ retryBackoffScale: FAST_RETRIES });
    const hook = await recorder((request) => (request.path === "/fails" ? 503 : 200));
    const done = await client.publish({
      url: `${hook.url}/works`,
      body: "payload",
      callback: `${hook.url}/callback`,
    });
    await client.publish({
      url: `${hook.url}/fails`,
      body: "doomed",
      retries: 0,
      failureCallback: `${hook.url}/failure`,
      headers: { "x-trace": "t1" },
    });

    const callback = await eventually(
      () => hook.received.find((r) => r.path === "/callback"),
      "the callback",
    );
    expect(header(callback, "upstash-signature")).toEqual(expect.any(String));
    expect(JSON.parse(callback.body)).toMatchObject({
      status: 200,
      body: Buffer.from("ok").toString("base64"),
      sourceMessageId: done.messageId,
      url: `${hook.url}/works`,
      method: "POST",
      sourceBody: Buffer.from("payload").toString("base64"),
      retried: 0,
    });
    const failure = await eventually(
      () => hook.received.find((r) => r.path === "/failure"),
      "the failure callback",
    );
    expect(JSON.parse(failure.body)).toMatchObject({
      status: 503,
      body: Buffer.from("failed with 503").toString("base64"),
      url: `${hook.url}/fails`,
      sourceHeader: { "X-Trace": ["t1"] },
      sourceBody: Buffer.from("doomed").toString("base64"),
    });
    const dlq = conforms(dlqListSchema, (await raw("GET", "/v2/dlq")).json);
    expect(dlq.messages[0]).toMatchObject({ failureCallback: `${hook.url}/failure` });
  });

  it("reports global parallelism: no account-wide limit, nothing in flight when idle", async () => {
    const { client } = await withSdk();
    expect(await client.flowControl.getGlobalParallelism()).toEqual({
      parallelismMax: 0,
      parallelismCount: 0,
    });
  });
});
