import { describe, expect, it } from "vitest";
import { logsListSchema } from "../contract.ts";
import { conforms, withSdk } from "./helpers.ts";

/** Messages that wait an hour: their CREATED events are there to filter, nothing is delivered. */
const AN_HOUR_ON = () => Math.floor(Date.now() / 1000) + 3600;

describe("official SDK: every filter logs() sends", () => {
  it("filters by the destination's host and path, each multi-valued", async () => {
    const { client } = await withSdk();
    const publish = async (url: string) =>
      (await client.publish({ url, body: "x", notBefore: AN_HOUR_ON() })).messageId;
    const shop = await publish("http://shop.example/orders/new");
    const shopOther = await publish("http://shop.example/refunds");
    const blog = await publish("http://blog.example:8080/orders/new");

    const ids = async (filter: Record<string, string | string[]>) =>
      (await client.logs({ filter })).logs.map((log) => log.messageId).sort();
    expect(await ids({ host: "shop.example" })).toEqual([shop, shopOther].sort());
    // A host with its port, or without it.
    expect(await ids({ host: "blog.example" })).toEqual([blog]);
    expect(await ids({ host: "blog.example:8080" })).toEqual([blog]);
    expect(await ids({ path: "/orders/new" })).toEqual([shop, blog].sort());
    expect(await ids({ host: "shop.example", path: "/orders/new" })).toEqual([shop]);
    expect(await ids({ path: ["/refunds", "/orders/new"] })).toEqual([shop, shopOther, blog].sort());
    expect(await ids({ host: "nowhere.example" })).toEqual([]);
  });

  it("filters by the publisher's address, the URL group, and the dates", async () => {
    const { client, raw } = await withSdk();
    const { messageId } = await client.publish({
      url: "http://127.0.0.1:9/a",
      body: "x",
      notBefore: AN_HOUR_ON(),
    });
    const ids = async (filter: Record<string, unknown>) =>
      (await client.logs({ filter: filter as never })).logs.map((log) => log.messageId);
    expect(await ids({ callerIp: "127.0.0.1" })).toEqual([messageId]);
    expect(await ids({ callerIp: "10.0.0.1" })).toEqual([]);
    // The document spells the message's field callerIP; the filter takes that spelling too.
    const byDocumentSpelling = (await raw("GET", "/v2/events?callerIP=127.0.0.1")).json as {
      events: { messageId: string }[];
    };
    expect(byDocumentSpelling.events.map((event) => event.messageId)).toEqual([messageId]);
    expect(await ids({ urlGroup: "no-such-group" })).toEqual([]);
    expect(await ids({ fromDate: Date.now() + 60_000 })).toEqual([]);
    expect(await ids({ toDate: new Date(Date.now() + 60_000) })).toEqual([messageId]);
    // The filter the SDK marks removed is taken and ignored, as the service does.
    expect((await raw("GET", "/v2/events?api=llm")).status).toBe(200);
    const documented = await raw("GET", "/v2/logs?host=127.0.0.1&path=/a&order=earliestFirst");
    expect(conforms(logsListSchema, documented.json).logs.map((log) => log.messageId)).toEqual([messageId]);
  });

  it("takes the document's and the SDK's spellings of the states", async () => {
    const { client, raw } = await withSdk();
    const { messageId } = await client.publish({
      url: "http://127.0.0.1:9/c",
      body: "x",
      notBefore: AN_HOUR_ON(),
    });
    await client.messages.cancel(messageId);
    const states = async (state: string) =>
      (await client.logs({ filter: { state: state as never } })).logs.map((log) => log.state);
    expect(await states("CANCELLED")).toEqual(["CANCELLED"]);
    expect(await states("CANCELED")).toEqual(["CANCELLED"]);
    expect(await states("IN_PROGRESS")).toEqual([]);
    const bad = await raw("GET", "/v2/events?state=DONE");
    expect(bad.status).toBe(400);
    expect(bad.json).toEqual({ error: expect.stringContaining('"DONE"') });
  });
});
