import { describe, expect, it } from "vitest";
import { startEmulator } from "../src/index.ts";

describe("startEmulator", () => {
  it("returns its URL and credentials, and close() stops it like stop()", async () => {
    const server = await startEmulator();
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.messagingToken).not.toBe("");
    expect(server.account.email).toContain("@");
    const before = await fetch(`${server.url}/v2/queues`, {
      headers: { authorization: `Bearer ${server.messagingToken}` },
    });
    expect(before.status).toBe(200);

    await server.close();
    await expect(fetch(`${server.url}/v2/queues`)).rejects.toThrow(TypeError);
  });
});
