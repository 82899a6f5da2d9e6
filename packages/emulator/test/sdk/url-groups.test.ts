import { describe, expect, it } from "vitest";
import { dlqListSchema, urlGroupSchema } from "../contract.ts";
import { conforms, eventually, FAST_RETRIES, recorder, withSdk } from "./helpers.ts";

describe("official SDK: URL groups", () => {
  it("creates, upserts, lists, gets, removes endpoints and deletes a group", async () => {
    const { client, raw } = await withSdk();
    await client.urlGroups.addEndpoints({
      name: "billing",
      endpoints: [{ name: "a", url: "http://127.0.0.1:9/a" }, { url: "http://127.0.0.1:9/b" }],
    });
    await client.urlGroups.addEndpoints({
      name: "billing",
      endpoints: [{ name: "a2", url: "http://127.0.0.1:9/a" }],
    });
    const group = await client.urlGroups.get("billing");
    expect(group.endpoints).toEqual([
      { url: "http://127.0.0.1:9/b" },
      { name: "a2", url: "http://127.0.0.1:9/a" },
    ]);
    expect((await client.urlGroups.list()).map((listed) => listed.name)).toEqual(["billing"]);
    conforms(urlGroupSchema, (await raw("GET", "/v2/topics/billing")).json);

    await client.urlGroups.removeEndpoints({ name: "billing", endpoints: [{ url: "http://127.0.0.1:9/b" }] });
    expect((await client.urlGroups.get("billing")).endpoints).toEqual([
      { name: "a2", url: "http://127.0.0.1:9/a" },
    ]);
    await client.urlGroups.delete("billing");
    expect(await client.urlGroups.list()).toEqual([]);
    await expect(client.urlGroups.get("billing")).rejects.toThrow(/URL group .+billing.+ not found/);

    // Documented: removing the last endpoint deletes the group.
    await client.urlGroups.addEndpoints({
      name: "solo",
      endpoints: [{ name: "only", url: "http://127.0.0.1:9/o" }],
    });
    await client.urlGroups.removeEndpoints({ name: "solo", endpoints: [{ name: "only" }] });
    expect(await client.urlGroups.list()).toEqual([]);
  });

  it("fans a publish out to every endpoint, each retried and dead-lettered on its own", async () => {
    const { client, raw } = await withSdk({ retryBackoffScale: FAST_RETRIES });
    const hook = await recorder((request) => (request.path === "/down" ? 500 : 200));
    await client.urlGroups.addEndpoints({
      name: "fan",
      endpoints: [
        { name: "up", url: `${hook.url}/up` },
        { name: "down", url: `${hook.url}/down` },
      ],
    });

    const answers = await client.publish({ urlGroup: "fan", body: "hello", retries: 1 });
    expect(answers).toEqual([
      { messageId: expect.any(String), url: `${hook.url}/up` },
      { messageId: expect.any(String), url: `${hook.url}/down` },
    ]);
    await eventually(
      async () => (await client.dlq.listMessages()).messages.length === 1,
      "the failing endpoint's DLQ entry",
    );
    const { messages } = conforms(dlqListSchema, (await raw("GET", "/v2/dlq")).json);
    expect(messages[0]).toMatchObject({ url: `${hook.url}/down`, topicName: "fan", endpointName: "down" });
    expect(hook.received.filter((r) => r.path === "/up")).toHaveLength(1);
    expect(hook.received.filter((r) => r.path === "/down")).toHaveLength(2);
    const logged = await client.logs({ filter: { urlGroup: "fan", state: "DELIVERED" } });
    expect(logged.logs.map((log) => log.urlGroup)).toEqual(["fan"]);
  });
});
