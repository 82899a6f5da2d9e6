import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it, onTestFinished } from "vitest";
import type { RunningEmulator } from "../../src/index.ts";
import { emulator, messaging } from "../helpers.ts";
import { eventually, recorder } from "../sdk/helpers.ts";

/** Plain HTTP with headers fetch will not let us choose (Host, Origin, Sec-Fetch-Site). */
function send(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: options.method ?? "GET", headers: options.headers ?? {} }, (res) => {
      let text = "";
      res.on("data", (chunk: Buffer) => {
        text += chunk.toString();
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on("error", reject);
    req.end(options.body);
  });
}

const bearer = (server: RunningEmulator) => ({ authorization: `Bearer ${server.messagingToken}` });
const hostOf = (server: RunningEmulator) => new URL(server.url).host;
const port = (server: RunningEmulator) => new URL(server.url).port;

describe("every API refuses other sites' pages and rebinding Host names", () => {
  it("refuses a cross-site form post that publishes to the control API with the default token in the query", async () => {
    const server = await emulator();
    expect((await messaging(server).upsert({ queueName: "kept", parallelism: 1 })).status).toBe(200);
    const answer = await send(
      `${server.url}/v2/publish/${server.url}/__stashkit/reset?qstash_token=${server.messagingToken}`,
      {
        method: "POST",
        headers: {
          origin: "https://attacker.example",
          "sec-fetch-site": "cross-site",
          "content-type": "application/x-www-form-urlencoded",
        },
        body: "a=b",
      },
    );
    expect(answer.status).toBe(403);
    expect(answer.text).toMatch(/other sites/);
    expect(server.state.messages).toEqual([]);
    expect(Object.keys(server.state.queues)).toEqual(["kept"]);
  });

  it.each([
    ["a cross-origin request without Sec-Fetch-Site", { origin: "http://localhost:3000" }],
    ["the null origin", { origin: "null" }],
    ["a same-site page on another port", { "sec-fetch-site": "same-site" }],
  ])("refuses %s", async (_case, headers) => {
    const server = await emulator();
    const answer = await send(`${server.url}/v2/queues`, { headers: { ...bearer(server), ...headers } });
    expect(answer.status).toBe(403);
  });

  it("refuses a rebinding Host on the management API before it lists anything", async () => {
    const server = await emulator();
    const basic = `Basic ${Buffer.from(`${server.account.email}:${server.account.apiKey}`).toString("base64")}`;
    const answer = await send(`${server.url}/v2/search`, {
      headers: { authorization: basic, host: `attacker.example:${port(server)}` },
    });
    expect(answer.status).toBe(403);
    expect(answer.text).toMatch(/Host/);
  });

  it.each([
    ["localhost", (server: RunningEmulator) => `localhost:${port(server)}`],
    ["a name under .localhost", (server: RunningEmulator) => `app.localhost:${port(server)}`],
    ["the address dialled", hostOf],
    ["another IP address", (server: RunningEmulator) => `10.0.0.7:${port(server)}`],
  ])("answers a Host of %s", async (_case, host) => {
    const server = await emulator();
    const answer = await send(`${server.url}/v2/queues`, {
      headers: { ...bearer(server), host: host(server) },
    });
    expect(answer.status).toBe(200);
  });

  it("answers a page of the emulator's own origin, as the inspector's fetches are", async () => {
    const server = await emulator();
    const answer = await send(`${server.url}/v2/queues`, {
      headers: { ...bearer(server), origin: server.url, "sec-fetch-site": "same-origin" },
    });
    expect(answer.status).toBe(200);
  });

  it("answers an allowed Host and an allowed origin, and only those", async () => {
    const server = await emulator({ allowedHosts: ["qstash"], allowedOrigins: ["http://localhost:3000"] });
    const allowed = { ...bearer(server), host: "qstash:8080" };
    expect((await send(`${server.url}/v2/queues`, { headers: allowed })).status).toBe(200);
    const page = { ...bearer(server), origin: "http://localhost:3000", "sec-fetch-site": "same-site" };
    expect((await send(`${server.url}/v2/queues`, { headers: page })).status).toBe(200);
    const other = { ...bearer(server), host: "other:8080" };
    expect((await send(`${server.url}/v2/queues`, { headers: other })).status).toBe(403);
    // The control API keeps its own, stricter rule: an allowed origin does not open it.
    expect((await send(`${server.url}/__stashkit/state`, { headers: page })).status).toBe(403);
  });

  it("answers any Host with allowedHosts ['*']", async () => {
    const server = await emulator({ allowedHosts: ["*"] });
    const answer = await send(`${server.url}/v2/queues`, {
      headers: { ...bearer(server), host: "rebound.example" },
    });
    expect(answer.status).toBe(200);
  });
});

describe("what a delivery can reach", () => {
  it("never delivers to the emulator's own control routes: publishing there answers 400 and the state stays", async () => {
    const server = await emulator();
    const api = messaging(server);
    expect((await api.upsert({ queueName: "kept", parallelism: 1 })).status).toBe(200);
    for (const path of ["/__stashkit/reset", "/%5F%5Fstashkit/reset", "/__STASHKIT/state"]) {
      const published = await fetch(`${server.url}/v2/publish/${server.url}${path}`, {
        method: "POST",
        headers: bearer(server),
        body: "{}",
      });
      expect(published.status).toBe(400);
      expect(await published.text()).toMatch(/does not deliver to \/__stashkit/);
    }
    expect(server.state.messages).toEqual([]);
    expect(Object.keys(server.state.queues)).toEqual(["kept"]);
  });
});

describe("allowed destinations", () => {
  it("delivers only to the allowed origins; another goes to the DLQ at once, unsent", async () => {
    const allowed = await recorder(() => 200);
    const elsewhere = await recorder(() => 200);
    const server = await emulator({ allowedDestinations: [allowed.url] });
    for (const url of [allowed.url, elsewhere.url]) {
      const published = await fetch(`${server.url}/v2/publish/${url}/hook`, {
        method: "POST",
        headers: bearer(server),
        body: "x",
      });
      expect(published.status).toBe(200);
    }
    await eventually(() => server.delivered.length === 1 && server.state.dlq.length === 1, "both fates");
    expect(allowed.received).toHaveLength(1);
    expect(elsewhere.received).toEqual([]);
    const body = Buffer.from(server.state.dlq[0]?.responseBody ?? "", "base64").toString();
    expect(body).toMatch(/not among the allowed destinations/);
  });
});

describe("bounded resources", () => {
  it("reads at most 64 KiB of an answer that never ends, and the delivery completes", async () => {
    const endless = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "application/octet-stream" });
      res.write(Buffer.alloc(1024 * 1024, 120));
      // …and never ends.
    });
    await new Promise<void>((resolve) => endless.listen(0, "127.0.0.1", resolve));
    onTestFinished(() => {
      endless.closeAllConnections();
      endless.close();
    });
    const server = await emulator();
    const { port: endlessPort } = endless.address() as AddressInfo;
    const published = await fetch(`${server.url}/v2/publish/http://127.0.0.1:${endlessPort}/big`, {
      method: "POST",
      headers: bearer(server),
      body: "x",
    });
    expect(published.status).toBe(200);
    await eventually(() => server.delivered.length === 1, "the delivery");
  });

  it("keeps at most the newest requestLogLimit requests in the log", async () => {
    const server = await emulator({ requestLogLimit: 10 });
    for (let i = 0; i < 25; i++) await fetch(`${server.url}/v2/queues/q${i}`, { headers: bearer(server) });
    expect(server.requests.length).toBeLessThanOrEqual(10);
    expect(server.requests.at(-1)?.path).toBe("/v2/queues/q24");
  });

  it("keeps a destination's open requests at the per-destination bound; the rest wait their turn", async () => {
    let open = 0;
    let maxOpen = 0;
    const held: (() => void)[] = [];
    const slow = await recorder(() => 200);
    const holding = createServer((_req, res) => {
      open++;
      maxOpen = Math.max(maxOpen, open);
      held.push(() => {
        open--;
        res.end("ok");
      });
    });
    await new Promise<void>((resolve) => holding.listen(0, "127.0.0.1", resolve));
    onTestFinished(() => {
      holding.closeAllConnections();
      holding.close();
    });
    const target = `http://127.0.0.1:${(holding.address() as AddressInfo).port}/hold`;
    const server = await emulator();
    const batch = Array.from({ length: 110 }, (_, i) => ({ destination: target, body: String(i) }));
    batch.push({ destination: `${slow.url}/other`, body: "other" });
    const published = await fetch(`${server.url}/v2/batch`, {
      method: "POST",
      headers: { ...bearer(server), "content-type": "application/json" },
      body: JSON.stringify(batch),
    });
    expect(published.status).toBe(200);
    await eventually(() => held.length >= 100, "the first hundred requests");
    // Another destination is not held up by the busy one.
    await eventually(() => slow.received.length === 1, "the other destination's delivery");
    while (server.delivered.length < 111) {
      for (const release of held.splice(0)) release();
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(maxOpen).toBe(100);
  });
});
