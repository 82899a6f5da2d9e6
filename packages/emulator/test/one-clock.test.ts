// One clock (issue 43): every time the emulator records comes from its clock, the test clock
// included: queues (made by the queue routes or by a message's arrival), messages, indexes and
// the request log all read the same time after the clock is moved a year ahead.
import { describe, expect, it } from "vitest";
import { emulator, management, messaging } from "./helpers.ts";

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

describe("the emulator's clock, moved a year ahead", () => {
  it("stamps queues, the messages that make them, indexes and the request log", async () => {
    const server = await emulator();
    server.advanceClock(YEAR_MS);
    const realNow = Date.now();
    const api = messaging(server);
    expect((await api.upsert({ queueName: "made", paused: true })).status).toBe(200);
    expect((await api.pause("made")).status).toBe(200);
    expect((await api.resume("made")).status).toBe(200);
    const enqueued = await fetch(`${server.url}/v2/enqueue/arrived/http://127.0.0.1:9/hook`, {
      method: "POST",
      headers: { authorization: `Bearer ${server.messagingToken}`, "upstash-delay": "1d" },
      body: "x",
    });
    expect(enqueued.status).toBe(200);
    const index = await management(server).create({ name: "dated", region: "eu-west-1", type: "free" });
    expect(index.status).toBe(200);

    // Each stamp lies a year (less a minute for a slow machine) past the real time.
    const ahead = (ms: number) => ms - realNow > YEAR_MS - 60_000;
    const { queues } = server.state;
    for (const name of ["made", "arrived"]) {
      const queue = queues[name];
      expect(queue && ahead(queue.createdAt) && ahead(queue.updatedAt), name).toBe(true);
    }
    const message = queues["arrived"]?.messages[0];
    expect(message?.createdAt).toBe(queues["arrived"]?.createdAt);
    expect(ahead(((index.json as { creation_time: number }).creation_time + 1) * 1000)).toBe(true);
    expect(server.requests.every((entry) => ahead(entry.at))).toBe(true);
  });
});
