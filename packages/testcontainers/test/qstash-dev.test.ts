import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { Client, QstashError, Receiver } from "@upstash/qstash";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StartedStashkitEmulatorContainer, StashkitEmulatorContainer } from "../src/index.ts";
import { bridgeGateway, containerExists, IMAGE } from "./image.ts";

let emulator: StartedStashkitEmulatorContainer;
const saved = process.env["QSTASH_DEV_PORT"];
beforeAll(async () => {
  emulator = await new StashkitEmulatorContainer(IMAGE).withQStashDev().start();
  // The SDK's dev mode reads its port from the environment, as an app's would.
  process.env["QSTASH_DEV_PORT"] = emulator.qstashDevEnv().QSTASH_DEV_PORT;
});
afterAll(async () => {
  if (saved === undefined) delete process.env["QSTASH_DEV_PORT"];
  else process.env["QSTASH_DEV_PORT"] = saved;
  const id = emulator.getId();
  await emulator.stop();
  expect(containerExists(id)).toBe(false);
});

describe("a StashkitEmulatorContainer withQStashDev()", () => {
  it("is the dev server of a client and receiver in dev mode: publish, deliver, verify", async () => {
    expect(emulator.qstashDevEnv()).toEqual({ QSTASH_DEV: "true", QSTASH_DEV_PORT: expect.any(String) });
    const arrived = Promise.withResolvers<{ body: string; signature: string }>();
    const server = createServer(async (req: IncomingMessage, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      res.end("ok");
      arrived.resolve({
        body: Buffer.concat(chunks).toString("utf8"),
        signature: String(req.headers["upstash-signature"]),
      });
    });
    await new Promise<void>((listening) => server.listen(0, bridgeGateway(), listening));
    try {
      const url = `http://host.docker.internal:${(server.address() as AddressInfo).port}/dev`;
      await new Client({ devMode: true }).publishJSON({ url, body: { dev: true } });
      const delivery = await arrived.promise;
      const receiver = new Receiver({ devMode: true });
      expect(await receiver.verify({ signature: delivery.signature, body: delivery.body, url })).toBe(true);
    } finally {
      server.close();
    }
  });

  it("qstashReadOnlyEnv(): reads with the read-only token, and a write answers 403", async () => {
    const env = emulator.qstashReadOnlyEnv();
    const reader = new Client({ baseUrl: env.QSTASH_URL, token: env.QSTASH_TOKEN });
    expect(
      await reader
        .queue({ queueName: "nothing-yet" })
        .get()
        .catch((error: QstashError) => error.status),
    ).toBe(404);
    expect(await reader.dlq.listMessages()).toMatchObject({ messages: [] });
    const refused = await reader
      .publishJSON({ url: "http://host.docker.internal:9/x", body: {} })
      .catch((error: QstashError) => error);
    expect(refused).toBeInstanceOf(QstashError);
    expect((refused as QstashError).status).toBe(403);
  });
});
