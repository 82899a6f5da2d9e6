import { describe, expect, it } from "vitest";
import { eventually, header, recorder, withSdk } from "./helpers.ts";

describe("official SDK: forwarded framing and hop-by-hop headers", () => {
  it.each([
    ["a shorter Content-Length", "3"],
    ["a longer Content-Length", "500"],
  ])(
    "delivers a message whose forwarded headers carry %s, with the body's own framing",
    async (_case, length) => {
      const { client } = await withSdk();
      const hook = await recorder();
      const body = "a body of 25 bytes, whole";
      const { messageId } = await client.publish({
        url: `${hook.url}/hook`,
        body,
        // The SDK forwards these as Upstash-Forward-*, as serve() does with every header it got.
        headers: {
          "Content-Length": length,
          "Transfer-Encoding": "chunked",
          Connection: "close, X-Hop",
          "X-Hop": "only for the next hop",
          "Keep-Alive": "timeout=5",
          Host: "elsewhere.example",
          Expect: "100-continue",
          "X-Kept": "yes",
        },
      });

      const [request] = await eventually(() => hook.received.length === 1 && hook.received, "the delivery");
      expect(request?.body).toBe(body);
      expect(header(request, "content-length")).toBe(String(Buffer.byteLength(body)));
      expect(header(request, "host")).toBe(new URL(hook.url).host);
      expect(header(request, "transfer-encoding")).toBeUndefined();
      expect(header(request, "x-hop")).toBeUndefined();
      expect(header(request, "expect")).toBeUndefined();
      expect(header(request, "x-kept")).toBe("yes");
      const { logs } = await client.logs({ filter: { messageId } });
      expect(logs[0]?.state).toBe("DELIVERED");
    },
  );

  it("writes a callback body's header map as the service does (Content-Length, not content-length)", async () => {
    const { client } = await withSdk();
    // "ok", with its length said (node:http would otherwise answer chunked).
    const hook = await recorder(() => ({ status: 200, headers: { "content-length": "2" } }));
    await client.publish({ url: `${hook.url}/work`, body: "x", callback: `${hook.url}/callback` });
    const callback = await eventually(
      () => hook.received.find((request) => request.path === "/callback"),
      "the callback",
    );
    const { header: answered } = JSON.parse(callback.body) as { header: Record<string, string[]> };
    expect(answered["Content-Length"]).toEqual(["2"]);
    expect(answered["Content-Type"]).toEqual(["text/plain"]);
    expect(
      Object.keys(answered).filter((name) => name !== name.replace(/(^|-)[a-z]/g, (c) => c.toUpperCase())),
    ).toEqual([]);
  });
});
