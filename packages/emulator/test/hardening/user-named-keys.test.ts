import { afterEach, describe, expect, it } from "vitest";
import { emulator, messaging } from "../helpers.ts";

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

afterEach(() => {
  // A failing case must not leave the next test with a polluted prototype.
  for (const name of ["limits", "pinned", "paused", "key", "createdAt", "messages", "parallelism"]) {
    delete (Object.prototype as Record<string, unknown>)[name];
  }
});

describe("user-named keys are names like any other", () => {
  it.each(["__proto__", "constructor", "toString", "hasOwnProperty"])(
    "a queue named %s is 404 until made, then kept on its own",
    async (name) => {
      const server = await emulator();
      const api = messaging(server);
      expect((await api.get(name)).status).toBe(404);
      expect((await api.upsert({ queueName: name, parallelism: 2 })).status).toBe(200);
      const got = await api.get(name);
      expect(got.status).toBe(200);
      expect(got.json).toMatchObject({ name, parallelism: 2 });
      expect((await api.list()).json).toEqual([expect.objectContaining({ name })]);
      expect(Object.prototype).not.toHaveProperty("parallelism");
      expect(Object.prototype).not.toHaveProperty("messages");
    },
  );

  it.each(["__proto__", "constructor"])(
    "a flow-control key %s leaves Object.prototype alone and the key is listed",
    async (key) => {
      const server = await emulator();
      const published = await fetch(`${server.url}/v2/publish/http://127.0.0.1:9/x`, {
        method: "POST",
        headers: {
          ...bearer(server.messagingToken),
          "upstash-flow-control-key": key,
          "upstash-flow-control-value": "parallelism=1",
        },
        body: "x",
      });
      expect(published.status).toBe(200);
      expect(Object.prototype).not.toHaveProperty("limits");
      expect(Object.prototype).not.toHaveProperty("pinned");
      expect({}).not.toHaveProperty("paused");
      const keys = await fetch(`${server.url}/v2/flowControl`, { headers: bearer(server.messagingToken) });
      expect(keys.status).toBe(200);
      expect(JSON.stringify(await keys.json())).toContain(key);
      // Other settings are still accepted afterwards.
      expect((await messaging(server).upsert({ queueName: "after", parallelism: 1 })).status).toBe(200);
    },
  );
});
