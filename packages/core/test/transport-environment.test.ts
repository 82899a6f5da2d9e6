import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { type ForwardProxyMode, startForwardProxy } from "@stashkit/testing";
import { Agent } from "undici";
import { describe, expect, it } from "vitest";
import { ConnectionError, destroyProxyAgents, VERSION } from "../src/index.ts";
import { userAgent } from "../src/transport/user-agent.ts";
import { caught, emulator, managementClient, messagingClient, onCleanup } from "./helpers.ts";

async function forwardProxy(mode: ForwardProxyMode = "forward") {
  const proxy = await startForwardProxy({ mode });
  onCleanup(() => proxy.stop());
  return proxy;
}

describe("proxies", () => {
  it("sends requests through HTTP_PROXY when it is set", async () => {
    const server = await emulator();
    const proxy = await forwardProxy();
    const client = managementClient(server, { env: { HTTP_PROXY: proxy.url } });
    expect(await client.searchIndexes.list()).toEqual([]);
    expect(proxy.seen.length).toBeGreaterThan(0);
    expect(proxy.seen.join()).toContain(`127.0.0.1:${server.port}`);
    expect(server.requests).toHaveLength(1);
  });

  it.each([
    ["a tunnel (https:// through HTTPS_PROXY)", "https://api.upstash.com", "HTTPS_PROXY"],
    ["a forwarded request (http:// through HTTP_PROXY)", undefined, "HTTP_PROXY"],
  ])(
    "says the proxy refused the credentials on a 407 to %s, naming its host, never its password",
    async (_case, baseUrl, variable) => {
      const server = await emulator();
      const proxy = await forwardProxy("refuse-credentials");
      const host = proxy.url.replace("http://", "");
      const client = managementClient(server, {
        ...(baseUrl ? { baseUrl } : {}),
        env: { [variable]: `http://proxyuser:proxy-pa55word@${host}` },
        retry: { maxAttempts: 3 },
      });
      const error = await caught(() => client.searchIndexes.list());
      await destroyProxyAgents();
      expect(error).toBeInstanceOf(ConnectionError);
      expect(error.message).toBe(
        `list search indexes: GET /v2/search could not be sent: the proxy ${host} refused the credentials (407 Proxy Authentication Required); check the user and password in HTTPS_PROXY / HTTP_PROXY`,
      );
      expect(`${error.message}${error.stack}`).not.toMatch(/proxy-pa55word|proxyuser/);
      // Wrong credentials stay wrong: not tried again.
      expect(proxy.seen).toHaveLength(1);
    },
  );

  it("goes direct to hosts listed in NO_PROXY", async () => {
    const server = await emulator();
    const proxy = await forwardProxy();
    const client = messagingClient(server, { env: { http_proxy: proxy.url, no_proxy: "127.0.0.1" } });
    expect(await client.queues.list()).toEqual([]);
    expect(proxy.seen).toEqual([]);
  });
});

describe("an injected dispatcher", () => {
  it("carries every request", async () => {
    const server = await emulator();
    let dispatched = 0;
    const agent = new Agent().compose((dispatch) => (options, handler) => {
      dispatched++;
      return dispatch(options, handler);
    });
    onCleanup(() => agent.close());
    const client = managementClient(server, { dispatcher: agent });
    await client.searchIndexes.create({ name: "a", region: "eu-west-1", type: "free" });
    expect(await client.searchIndexes.list()).toHaveLength(1);
    expect(dispatched).toBe(2);
  });
});

describe("user agent", () => {
  it("names stashkit, its version, the caller and node", async () => {
    const agents: string[] = [];
    const server = createServer((req, res) => {
      agents.push(String(req.headers["user-agent"]));
      res.writeHead(200, { "content-type": "application/json" }).end("[]");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    onCleanup(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const emu = await emulator();
    await messagingClient(emu, { baseUrl: base, userAgentSuffix: "resume-queue" }).queues.list();
    expect(agents).toEqual([`stashkit/${VERSION} (+resume-queue) node/${process.versions.node}`]);
    expect(userAgent()).toBe(`stashkit/${VERSION} node/${process.versions.node}`);
  });
});
