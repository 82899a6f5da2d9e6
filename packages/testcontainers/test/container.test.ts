import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { Client, Receiver } from "@upstash/qstash";
import { Search } from "@upstash/search";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  EmulatorControlError,
  type StartedStashkitEmulatorContainer,
  StashkitEmulatorContainer,
} from "../src/index.ts";
import { bridgeGateway, containerExists, containerOutput, IMAGE } from "./image.ts";

let emulator: StartedStashkitEmulatorContainer;
beforeAll(async () => {
  emulator = await new StashkitEmulatorContainer(IMAGE)
    .withSearchIndex("shop")
    .withSearchIndex("docs")
    .start();
});
afterAll(async () => {
  const id = emulator.getId();
  await emulator.stop();
  expect(containerExists(id)).toBe(false);
});

const basic = (env: { UPSTASH_EMAIL: string; UPSTASH_API_KEY: string }) =>
  `Basic ${Buffer.from(`${env.UPSTASH_EMAIL}:${env.UPSTASH_API_KEY}`).toString("base64")}`;

describe("a started StashkitEmulatorContainer", () => {
  it("qstashEnv(): the official SDK publishes, and the delivery to this machine is signed with its keys", async () => {
    const arrived = Promise.withResolvers<{ body: string; signature: string; path: string }>();
    const server = createServer(async (req: IncomingMessage, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      res.end("ok");
      const body = Buffer.concat(chunks).toString("utf8");
      arrived.resolve({ body, signature: String(req.headers["upstash-signature"]), path: req.url ?? "" });
    });
    await new Promise<void>((listening) => server.listen(0, bridgeGateway(), listening));
    try {
      const env = emulator.qstashEnv();
      const url = `http://host.docker.internal:${(server.address() as AddressInfo).port}/hooks/order`;
      await new Client({ baseUrl: env.QSTASH_URL, token: env.QSTASH_TOKEN }).publishJSON({
        url,
        body: { id: 1 },
      });

      const delivery = await arrived.promise;
      const receiver = new Receiver({
        currentSigningKey: env.QSTASH_CURRENT_SIGNING_KEY,
        nextSigningKey: env.QSTASH_NEXT_SIGNING_KEY,
      });
      expect(delivery.path).toBe("/hooks/order");
      expect(await receiver.verify({ signature: delivery.signature, body: delivery.body, url })).toBe(true);
    } finally {
      server.close();
    }
  });

  it("searchEnv(name): what Search.fromEnv reads, for each index asked for", async () => {
    for (const name of ["shop", "docs"]) {
      const search = Search.fromEnv(await emulator.searchEnv(name));
      await search.index("items").upsert({ id: `${name}-1`, content: { title: `${name} item` } });
      expect((await search.index("items").search({ query: name })).map((found) => found.id)).toEqual([
        `${name}-1`,
      ]);
    }
    await expect(emulator.searchEnv("nope")).rejects.toThrow('no search index "nope" in the emulator');
  });

  it("managementEnv(): the management API with the container's own account", async () => {
    const env = emulator.managementEnv();
    const listed = await fetch(`${env.STASHKIT_BASE_URL}/v2/search`, {
      headers: { authorization: basic(env) },
    });
    expect(((await listed.json()) as { name: string }[]).map((index) => index.name)).toEqual(
      expect.arrayContaining(["shop", "docs"]),
    );
    const wrong = await fetch(`${env.STASHKIT_BASE_URL}/v2/search`, {
      headers: { authorization: basic({ ...env, UPSTASH_API_KEY: "stashkit-emulator-api-key" }) },
    });
    expect(wrong.status).toBe(401);
  });

  it("restore(snapshot) puts an exported state back; reset() empties it; reset({ to }) resets to a snapshot", async () => {
    const env = emulator.qstashEnv();
    const queues = () =>
      fetch(`${env.QSTASH_URL}/v2/queues`, { headers: { authorization: `Bearer ${env.QSTASH_TOKEN}` } })
        .then((answer) => answer.json() as Promise<{ name: string }[]>)
        .then((listed) => listed.map((queue) => queue.name));
    const made = await fetch(`${env.QSTASH_URL}/v2/queues`, {
      method: "POST",
      headers: { authorization: `Bearer ${env.QSTASH_TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify({ queueName: "fixture" }),
    });
    expect(made.status).toBe(200);
    const snapshot = await emulator.exportSnapshot();

    expect(await emulator.reset()).toEqual(expect.arrayContaining(["messaging", "management"]));
    expect(await queues()).toEqual([]);
    expect(await emulator.restore(snapshot)).toEqual(expect.arrayContaining(["messaging"]));
    expect(await queues()).toEqual(["fixture"]);
    await emulator.reset();
    await emulator.reset({ to: snapshot });
    expect(await queues()).toEqual(["fixture"]);
    expect((await emulator.searchEnv("shop")).UPSTASH_SEARCH_REST_TOKEN).toMatch(/./);
  });

  it("a snapshot of another format, or an unknown area, is refused by name and changes nothing", async () => {
    const before = (await emulator.exportSnapshot())["state"];
    const other = emulator.restore({ format: "not-ours", version: 1, state: {} });
    await expect(other).rejects.toThrow(EmulatorControlError);
    await expect(other).rejects.toThrow('has format "not-ours"');
    await expect(emulator.restore(await emulator.exportSnapshot(), { area: "queues" })).rejects.toThrow(
      'no store area "queues"',
    );
    expect((await emulator.exportSnapshot())["state"]).toEqual(before);
  });

  it("keeps its control token out of its output, and the control API needs it", async () => {
    const output = await containerOutput(emulator.getId());
    expect(output).toContain("control API");
    expect(output).not.toContain(emulator.controlToken);
    expect((await fetch(`${emulator.url}/__stashkit/state`)).status).toBe(401);
  });
});

describe("a StashkitEmulatorContainer withRegions", () => {
  it("regionsEnv(): the SDK's multi-region mode publishes to each region, each delivery verified with its region's keys only", async () => {
    const twoRegions = await new StashkitEmulatorContainer(IMAGE)
      .withRegions("US_EAST_1", "EU_CENTRAL_1")
      .start();
    const arrived: { body: string; signature: string; region: string }[] = [];
    const server = createServer(async (req: IncomingMessage, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      res.end("ok");
      const body = Buffer.concat(chunks).toString("utf8");
      const region = String(req.headers["upstash-region"]);
      arrived.push({ body, signature: String(req.headers["upstash-signature"]), region });
    });
    await new Promise<void>((listening) => server.listen(0, bridgeGateway(), listening));
    try {
      const env = await twoRegions.regionsEnv();
      expect(env["QSTASH_REGION"]).toBe("US_EAST_1");
      const url = `http://host.docker.internal:${(server.address() as AddressInfo).port}/hook`;
      for (const region of ["EU_CENTRAL_1", "US_EAST_1"]) {
        const client = new Client({
          baseUrl: env[`${region}_QSTASH_URL`] ?? "",
          token: env[`${region}_QSTASH_TOKEN`] ?? "",
        });
        await client.publish({ url, body: region });
      }
      await expect.poll(() => arrived.length, { timeout: 60_000 }).toBe(2);
      for (const delivery of arrived) {
        const keysOf = (region: string) =>
          new Receiver({
            currentSigningKey: env[`${region}_QSTASH_CURRENT_SIGNING_KEY`] ?? "",
            nextSigningKey: env[`${region}_QSTASH_NEXT_SIGNING_KEY`] ?? "",
          });
        const other = delivery.body === "EU_CENTRAL_1" ? "US_EAST_1" : "EU_CENTRAL_1";
        expect(delivery.region).toBe(delivery.body.replaceAll("_", "-"));
        expect(
          await keysOf(delivery.body).verify({ signature: delivery.signature, body: delivery.body }),
        ).toBe(true);
        await expect(
          keysOf(other).verify({ signature: delivery.signature, body: delivery.body }),
        ).rejects.toThrow();
      }
      expect(await twoRegions.reset({ region: "US_EAST_1" })).toEqual(["regions.US_EAST_1"]);
    } finally {
      server.close();
      await twoRegions.stop();
    }
  });

  it("refuses a region it does not know before starting anything", () => {
    expect(() => new StashkitEmulatorContainer(IMAGE).withRegions("AP_SOUTH_1" as never)).toThrow(
      /give each of EU_CENTRAL_1, US_EAST_1 at most once/,
    );
  });
});
