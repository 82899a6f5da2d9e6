import { describe, expect, it } from "vitest";
import { eventually, FAST_RETRIES, recorder, withSdk } from "./helpers.ts";

describe("official SDK: bulk cancel, DLQ filters, rate reset", () => {
  it("cancels pending messages by filter, then all that are left, as the SDK sends them", async () => {
    const { client, server } = await withSdk();
    const later = Math.floor(Date.now() / 1000) + 3600;
    for (const label of ["red", "red", "blue"]) {
      await client.publish({ url: "http://127.0.0.1:9/x", body: label, label, notBefore: later });
    }
    expect(await client.messages.cancel({ filter: { label: "red" } })).toEqual({ cancelled: 2 });
    expect(server.state.messages.map((message) => message.labels)).toEqual([["blue"]]);
    expect(await client.messages.cancel({ all: true })).toEqual({ cancelled: 1 });
    // The document spells the state CANCELLED; the SDK's `State` type says CANCELED.
    const { logs } = await client.logs({ filter: { state: "CANCELLED" as never } });
    expect(logs).toHaveLength(3);
  });

  it("lists and deletes DLQ entries by the SDK's filters (url group, url, label)", async () => {
    const { client } = await withSdk({ retryBackoffScale: FAST_RETRIES });
    const hook = await recorder(() => 500);
    await client.urlGroups.addEndpoints({ name: "grp", endpoints: [{ url: `${hook.url}/g` }] });
    await client.publish({ urlGroup: "grp", body: "a", retries: 0 });
    await client.publish({ url: `${hook.url}/plain`, body: "b", retries: 0, label: "keep" });
    await eventually(async () => (await client.dlq.listMessages()).messages.length === 2, "two DLQ entries");

    const grouped = await client.dlq.listMessages({ filter: { urlGroup: "grp" } });
    expect(grouped.messages.map((message) => message.url)).toEqual([`${hook.url}/g`]);
    const byUrl = await client.dlq.listMessages({ filter: { url: `${hook.url}/plain` } });
    expect(byUrl.messages.map((message) => message.labels)).toEqual([["keep"]]);
    expect(await client.dlq.delete({ filter: { urlGroup: "grp" } })).toMatchObject({ deleted: 1 });
    expect((await client.dlq.listMessages()).messages.map((message) => message.url)).toEqual([
      `${hook.url}/plain`,
    ]);
  });

  // A URL may hold commas; several URLs are given by repeating the parameter, as the SDK does.
  it("reads a url filter whole: a comma in the URL does not split it into two filters", async () => {
    const { client } = await withSdk({ retryBackoffScale: FAST_RETRIES });
    const hook = await recorder(() => 500);
    const one = `${hook.url}/hook?ids=1`;
    const both = `${hook.url}/hook?ids=1,2`;
    const other = `${hook.url}/other`;
    for (const url of [one, both, other]) await client.publish({ url, body: "x", retries: 0 });
    await eventually(
      async () => (await client.dlq.listMessages()).messages.length === 3,
      "three DLQ entries",
    );

    const listed = await client.dlq.listMessages({ filter: { url: both } });
    expect(listed.messages.map((message) => message.url)).toEqual([both]);
    const two = await client.dlq.listMessages({ filter: { url: [both, other] } });
    expect(two.messages.map((message) => message.url).sort()).toEqual([both, other].sort());
    expect(await client.dlq.delete({ filter: { url: both } })).toMatchObject({ deleted: 1 });
    const left = (await client.dlq.listMessages()).messages.map((message) => message.url);
    expect(left.sort()).toEqual([one, other].sort());
  });

  it("resets a key's rate window: the next message goes out in the same period", async () => {
    const { client } = await withSdk();
    const hook = await recorder();
    for (const n of [1, 2]) {
      await client.publish({
        url: `${hook.url}/r`,
        body: `r${n}`,
        flowControl: { key: "k", rate: 1, period: "1h" },
      });
    }
    await eventually(() => hook.received.length === 1, "the first delivery");
    expect(await client.flowControl.get("k")).toMatchObject({ waitListSize: 1, rateCount: 1 });
    await client.flowControl.resetRate("k");
    await eventually(() => hook.received.length === 2, "the second delivery after the reset");
  });
});
