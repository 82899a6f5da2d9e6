import { QstashDailyRatelimitError, QstashError } from "@upstash/qstash";
import { describe, expect, it } from "vitest";
import { readCommandLine } from "../../src/command-line/parse.ts";
import { raw, withSdk } from "./helpers.ts";

const DAY = 24 * 60 * 60 * 1000;
const MIB = 1024 * 1024;

async function refusal(work: Promise<unknown>): Promise<QstashError> {
  const error = await work.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(QstashError);
  return error as QstashError;
}

// `--plan free|payg|pro`: the published limits of a plan, refused before anything is accepted;
// the day's messages past the plan's as the 429 the SDK makes a QstashDailyRatelimitError.
describe("official SDK: plan limits", () => {
  it("refuses retries, a delay and a timeout over the free plan's, and accepts them at its maximum", async () => {
    const { server, client } = await withSdk({ plan: "free" });
    const url = "https://example.com/hook";
    const cases: [Promise<unknown>, string][] = [
      [
        client.publish({ url, body: "x", retries: 4 }),
        "Upstash-Retries is over the free plan's maximum of 3",
      ],
      [
        client.publish({ url, body: "x", delay: "8d" }),
        "Upstash-Delay is over the free plan's maximum of 7d",
      ],
      [
        client.publish({ url, body: "x", timeout: "16m" }),
        "Upstash-Timeout is over the free plan's maximum of 900s",
      ],
      [
        client.publish({ url, body: "x", notBefore: Math.floor((server.clock().now + 8 * DAY) / 1000) }),
        "Upstash-Not-Before is over the free plan's maximum of 7d",
      ],
    ];
    for (const [work, message] of cases) {
      const error = await refusal(work);
      expect(error.status).toBe(400);
      expect(error.message).toContain(message);
    }
    expect(server.state.messages).toEqual([]);

    const queue = client.queue({ queueName: "held" });
    await queue.upsert({ paused: true });
    await queue.enqueue({ url, body: "x", retries: 3, delay: "7d", timeout: "15m" });
    expect(server.state.queues["held"]?.messages).toHaveLength(1);
  });

  it("answers the free plan's 1,001st message of the day with the daily 429, and takes more the next day", async () => {
    const { server, client } = await withSdk({ plan: "free" });
    const queue = client.queue({ queueName: "held" });
    await queue.upsert({ paused: true });
    const entries = Array.from({ length: 1000 }, (_, n) => ({
      queueName: "held",
      url: "https://example.com/hook",
      body: String(n),
    }));
    expect(await client.batch(entries)).toHaveLength(1000);

    const error = await refusal(queue.enqueue({ url: "https://example.com/hook", body: "one more" }));
    expect(error).toBeInstanceOf(QstashDailyRatelimitError);
    const daily = error as QstashDailyRatelimitError;
    const nextDay = (Math.floor(server.clock().now / DAY) + 1) * DAY;
    expect(daily).toMatchObject({
      status: 429,
      limit: "1000",
      remaining: "0",
      reset: String(nextDay / 1000),
    });
    expect(server.state.queues["held"]?.messages).toHaveLength(1000);

    server.advanceClock(nextDay - server.clock().now);
    await queue.enqueue({ url: "https://example.com/hook", body: "the next day" });
    expect(server.state.queues["held"]?.messages).toHaveLength(1001);
  });

  it("takes a pay-as-you-go message of 2 MiB (over the 1 MiB a body has without a plan) and 5 retries, not 6", async () => {
    const { client } = await withSdk({ plan: "payg" });
    const queue = client.queue({ queueName: "held" });
    await queue.upsert({ paused: true });
    const big = "a".repeat(2 * MIB);
    const { messageId } = await queue.enqueue({ url: "https://example.com/hook", body: big, retries: 5 });
    expect((await client.messages.get(messageId)).body).toHaveLength(2 * MIB);
    const error = await refusal(queue.enqueue({ url: "https://example.com/hook", body: "x", retries: 6 }));
    expect(error.message).toContain("Upstash-Retries is over the payg plan's maximum of 5");

    const unplanned = await withSdk();
    const answer = await raw(unplanned.server)("POST", "/v2/publish/https://example.com/hook", { body: big });
    expect(answer.status).toBe(413);
    await unplanned.client.publish({ url: "https://example.com/hook", body: "x", retries: 50, delay: "30d" });
  });

  it("is --plan on the command line (STASHKIT_PLAN in the image), one of free, payg or pro", () => {
    expect(readCommandLine(["--plan", "pro"], {}).options.plan).toBe("pro");
    expect(readCommandLine(["--from-env"], { STASHKIT_PLAN: "payg" }).options.plan).toBe("payg");
    expect(readCommandLine([], {}).options.plan).toBeUndefined();
    expect(() => readCommandLine(["--plan", "team"], {})).toThrow(/--plan/);
  });
});
