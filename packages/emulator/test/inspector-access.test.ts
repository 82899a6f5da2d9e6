import { describe, expect, it } from "vitest";
import { emulator } from "./helpers.ts";
import { fillEveryKindOfState } from "./state-helpers.ts";

const INSPECTOR = "/__stashkit/inspector";

describe("the inspector's access rules (those of the control API)", () => {
  it("serves the page at / with a policy that allows nothing from elsewhere and no framing", async () => {
    const server = await emulator();
    const page = await fetch(`${server.url}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(page.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(page.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(await page.text()).not.toMatch(/https?:\/\//);
  });

  it.each([
    ["GET", "/", { "sec-fetch-site": "cross-site" }],
    ["GET", `${INSPECTOR}/overview`, { origin: "http://evil.example" }],
    ["GET", `${INSPECTOR}/events`, { "sec-fetch-site": "same-site" }],
    ["POST", `${INSPECTOR}/queue/orders/resume`, { origin: "http://evil.example" }],
    ["POST", `${INSPECTOR}/publish`, { origin: "http://evil.example" }],
    ["POST", `${INSPECTOR}/queue/orders/enqueue`, { "sec-fetch-site": "cross-site" }],
    ["POST", `${INSPECTOR}/workflows/trigger`, { origin: "http://evil.example" }],
    ["POST", `${INSPECTOR}/events/approve-1/notify`, { "sec-fetch-site": "same-site" }],
    ["POST", `${INSPECTOR}/dlq/retry`, { origin: "http://evil.example" }],
    ["POST", `${INSPECTOR}/dlq/delete`, { origin: "http://evil.example" }],
    ["POST", `${INSPECTOR}/schedule/scd_1/run`, { origin: "http://evil.example" }],
    ["POST", `${INSPECTOR}/dlq/dlq_1/retry-with`, { "sec-fetch-site": "cross-site" }],
    ["GET", `${INSPECTOR}/dlq/dlq_1/payload`, { origin: "http://evil.example" }],
    ["GET", `${INSPECTOR}/schedule/scd_1/payload`, { "sec-fetch-site": "cross-site" }],
  ])("refuses %s %s from another site's page", async (method, path, headers) => {
    const server = await emulator();
    const answer = await fetch(`${server.url}${path}`, { method, headers });
    expect(answer.status).toBe(403);
  });

  it("the payload editor's sends from another site's page change nothing", async () => {
    const server = await emulator();
    await fillEveryKindOfState(server);
    const [entry] = server.state.dlq;
    const [scheduleId] = Object.keys(server.state.schedules);
    const before = JSON.stringify(server.state);
    const logged = server.requests.length;
    const sends = [
      ["/publish", { url: "http://127.0.0.1:9/x", body: "from elsewhere" }],
      ["/queue/orders/enqueue", { url: "http://127.0.0.1:9/x", body: "from elsewhere" }],
      [`/dlq/${entry?.dlqId}/retry-with`, { body: "from elsewhere" }],
      [`/schedule/${scheduleId}/run`, { body: "from elsewhere" }],
      ["/dlq/delete", { dlqIds: [entry?.dlqId] }],
    ] as const;
    for (const [path, body] of sends) {
      const answer = await fetch(`${server.url}${INSPECTOR}${path}`, {
        method: "POST",
        headers: { origin: "http://evil.example", "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      expect(answer.status, path).toBe(403);
    }
    expect(JSON.stringify(server.state)).toBe(before);
    // Refused before any handler: no request of the messaging API was sent on their behalf.
    expect(server.requests.slice(logged).filter((one) => one.path.startsWith("/v2/"))).toEqual([]);
  });

  it("with a control token, serves the page's files to anyone but its data only with the token", async () => {
    const server = await emulator({ controlToken: "secret-control-token" });
    expect((await fetch(`${server.url}/`)).status).toBe(200);
    expect((await fetch(`${server.url}${INSPECTOR}/inspector.js`)).status).toBe(200);
    expect((await fetch(`${server.url}${INSPECTOR}/overview`)).status).toBe(401);
    expect((await fetch(`${server.url}${INSPECTOR}/events`)).status).toBe(401);
    const withToken = await fetch(`${server.url}${INSPECTOR}/overview`, {
      headers: { "x-stashkit-control-token": "secret-control-token" },
    });
    expect(withToken.status).toBe(200);
  });

  it("the overview holds no token, key or credential of any kind of state", async () => {
    const server = await emulator();
    await fillEveryKindOfState(server);
    const text = await (await fetch(`${server.url}${INSPECTOR}/overview`)).text();
    const [index] = server.state.indexes;
    const secrets = [
      server.messagingToken,
      server.account.apiKey,
      server.signingKeys.current,
      server.signingKeys.next,
      index?.index.token,
      index?.index.read_only_token,
    ];
    for (const secret of secrets) expect(text).not.toContain(secret);
    expect(JSON.parse(text)).toMatchObject({
      queues: [{ name: "orders", paused: true, lag: 1 }],
      dlq: { total: 1 },
      flowControl: [{ key: "tenant-1", paused: true, waiting: 1 }],
      indexes: [{ name: "products", documents: 2 }],
    });
  });

  it("reveals an index's token only when asked, by id", async () => {
    const server = await emulator();
    await fillEveryKindOfState(server);
    const [index] = server.state.indexes;
    const answer = await fetch(`${server.url}${INSPECTOR}/indexes/${index?.index.id}/reveal-token`, {
      method: "POST",
    });
    expect(await answer.json()).toEqual({
      token: index?.index.token,
      readOnlyToken: index?.index.read_only_token,
    });
  });

  it("streams the request log as server-sent events, secrets as ***, and says when it was cleared", async () => {
    const server = await emulator();
    const stream = await fetch(`${server.url}${INSPECTOR}/events`);
    expect(stream.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    const events = eventReader(stream);

    await fetch(`${server.url}/v2/queues?qstash_token=${server.messagingToken}`);
    const logged = await events.next("request");
    expect(JSON.parse(logged)).toMatchObject({
      method: "GET",
      path: "/v2/queues",
      status: 200,
      authorization: "qstash_token ***",
    });
    expect(logged).not.toContain(server.messagingToken);

    await fetch(`${server.url}/__stashkit/requests`, { method: "DELETE" });
    expect(await events.next("cleared")).toBe("{}");
    await events.close();
  });
});

/** Reads `event:` / `data:` blocks off a server-sent event stream, one named event at a time. */
function eventReader(response: Response) {
  const reader = (response.body as ReadableStream<Uint8Array>)
    .pipeThrough(new TextDecoderStream())
    .getReader();
  let buffer = "";
  return {
    async next(type: string): Promise<string> {
      for (;;) {
        const blocks = buffer.split("\n\n");
        buffer = blocks.pop() ?? "";
        for (const [at, block] of blocks.entries()) {
          const name = /^event: (.*)$/m.exec(block)?.[1];
          if (name !== type) continue;
          buffer = [...blocks.slice(at + 1), buffer].join("\n\n");
          return /^data: (.*)$/m.exec(block)?.[1] ?? "";
        }
        const chunk = await reader.read();
        if (chunk.done) throw new Error(`the stream ended before a "${type}" event`);
        buffer += chunk.value;
      }
    },
    close: () => reader.cancel(),
  };
}
