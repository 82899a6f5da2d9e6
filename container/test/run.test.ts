import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { Client, Receiver } from "@upstash/qstash";
import { Search } from "@upstash/search";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bridgeGateway, type Started, start } from "./containers.ts";

const signing = { current: "sig_container_current", next: "sig_container_next" };
const controlToken = randomBytes(16).toString("hex");

interface Delivery {
  url: string;
  body: string;
  signature: string;
}

/** A receiver on the host, on Docker's bridge, where the container's deliveries arrive. */
async function receiver(host: string) {
  const arrived: Delivery[] = [];
  const server = createServer(async (req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    arrived.push({
      url: `http://host.docker.internal:${(server.address() as AddressInfo).port}${req.url}`,
      body: Buffer.concat(chunks).toString("utf8"),
      signature: String(req.headers["upstash-signature"]),
    });
    res.end("ok");
  });
  await new Promise<void>((listening) => server.listen(0, host, listening));
  return { server, arrived, port: (server.address() as AddressInfo).port };
}

let container: Started;
let hook: Awaited<ReturnType<typeof receiver>>;
beforeAll(async () => {
  hook = await receiver(await bridgeGateway());
  container = await start({
    args: ["--add-host", "host.docker.internal:host-gateway"],
    env: {
      STASHKIT_SEARCH_INDEX: "shop",
      STASHKIT_CONTROL_TOKEN: controlToken,
      STASHKIT_RETRY_BACKOFF_SCALE: "0.001",
      QSTASH_CURRENT_SIGNING_KEY: signing.current,
      QSTASH_NEXT_SIGNING_KEY: signing.next,
    },
  });
});
afterAll(() => hook.server.close());

describe("the container, from the host", () => {
  it("delivers a message published through the official QStash SDK to the host, signed", async () => {
    const client = new Client({ baseUrl: container.url, token: "stashkit-emulator-qstash-token" });
    const url = `http://host.docker.internal:${hook.port}/webhook`;

    await client.publishJSON({ url, body: { order: 7 } });

    await expect.poll(() => hook.arrived.length, { timeout: 60_000 }).toBe(1);
    const [delivery] = hook.arrived as [Delivery];
    expect(JSON.parse(delivery.body)).toEqual({ order: 7 });
    const verifier = new Receiver({ currentSigningKey: signing.current, nextSigningKey: signing.next });
    expect(await verifier.verify({ signature: delivery.signature, body: delivery.body, url })).toBe(true);
  });

  it("serves the search index it was asked for through the official search SDK", async () => {
    const auth = Buffer.from("dev@stashkit.local:stashkit-emulator-api-key").toString("base64");
    const listed = await fetch(`${container.url}/v2/search`, { headers: { authorization: `Basic ${auth}` } });
    const [index] = (await listed.json()) as { name: string; endpoint: string; token: string }[];
    expect(index?.name).toBe("shop");
    // The endpoint names the address the request reached: the published port, usable from here.
    expect(index?.endpoint.startsWith(`${container.url}/search/`)).toBe(true);

    const search = new Search({ url: index?.endpoint as string, token: index?.token as string });
    await search.index("products").upsert([
      { id: "p1", content: { title: "red running shoes" } },
      { id: "p2", content: { title: "blue rain jacket" } },
    ]);
    const found = await search.index("products").search({ query: "shoes" });
    expect(found.map((document) => document.id)).toEqual(["p1"]);
  });

  it("answers the control API from outside the container only with the control token", async () => {
    const without = await fetch(`${container.url}/__stashkit/state`);
    expect(without.status).toBe(401);
    const withToken = await fetch(`${container.url}/__stashkit/health`, {
      headers: { "x-stashkit-control-token": controlToken },
    });
    expect(withToken.status).toBe(200);
  });

  it("refuses a Host it was not told of, and answers its service name", async () => {
    const port = new URL(container.url).port;
    const headers = { authorization: "Bearer stashkit-emulator-qstash-token" };
    const other = await request(port, "/v2/queues", { ...headers, host: "evil.example" });
    expect(other).toBe(403);
    const service = await request(port, "/v2/queues", { ...headers, host: "stashkit:8787" });
    expect(service).toBe(200);
  });

  it("becomes healthy, and prints no control token", async () => {
    const { must } = await import("../src/run.ts");
    const format = "{{.State.Health.Status}}";
    await expect
      .poll(async () => (await must("docker", ["inspect", "--format", format, container.id])).trim(), {
        timeout: 90_000,
        interval: 1_000,
      })
      .toBe("healthy");
    expect(await container.logs()).not.toContain(controlToken);
  });

  // The image listens on 0.0.0.0 and, here, keeps the public default credentials.
  it("warns once that it listens beyond loopback with the public default credentials", async () => {
    const logs = await container.logs();
    const warnings = logs.split("\n").filter((line) => line.startsWith("stashkit-emulator: warning:"));
    expect(warnings).toEqual([
      "stashkit-emulator: warning: listening on 0.0.0.0 (beyond loopback) with the public default messaging token and account: anyone who reaches port 8787 can publish to any address this machine reaches and read every search index's tokens; give your own (--token and --account, or STASHKIT_TOKEN and STASHKIT_ACCOUNT), or bind 127.0.0.1",
    ]);
    expect(logs).toContain(
      "  warning         listening beyond loopback with the public default messaging token and account",
    );
  });
});

/** A GET with a Host header fetch would not let us set. */
async function request(port: string, path: string, headers: Record<string, string>): Promise<number> {
  const { request: send } = await import("node:http");
  return new Promise((resolve, reject) => {
    const req = send({ host: "127.0.0.1", port, path, headers }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on("error", reject);
    req.end();
  });
}
