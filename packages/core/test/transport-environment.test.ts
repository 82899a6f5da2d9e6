import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import { userAgent, VERSION } from "../src/index.ts";
import { emulator, managementClient, messagingClient, onCleanup } from "./helpers.ts";

/** A real forward proxy: CONNECT tunnels and absolute-form requests, each recorded. */
async function forwardProxy() {
  const seen: string[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    seen.push(`${req.method} ${req.url}`);
    const target = new URL(req.url ?? "/");
    const upstream = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: req.method,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    req.pipe(upstream);
  });
  server.on("connect", (req, socket, head) => {
    seen.push(`CONNECT ${req.url}`);
    const [host, port] = (req.url ?? "").split(":");
    const upstream = connect(Number(port), host, () => {
      socket.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    upstream.on("error", () => socket.destroy());
    socket.on("error", () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  onCleanup(
    () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  );
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
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

  it("goes direct to hosts listed in NO_PROXY", async () => {
    const server = await emulator();
    const proxy = await forwardProxy();
    const client = messagingClient(server, { env: { http_proxy: proxy.url, no_proxy: "127.0.0.1" } });
    expect(await client.queues.list()).toEqual([]);
    expect(proxy.seen).toEqual([]);
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
