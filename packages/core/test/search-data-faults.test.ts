import { describe, expect, it } from "vitest";
import {
  Deadline,
  DeadlineExceededError,
  InvalidRequestError,
  ResponseValidationError,
  ServerError,
  waitUntilIndexed,
} from "../src/index.ts";
import { capturedClock, caught, virtualClock } from "./helpers.ts";
import { documents, inDefault, indexWithData, inNamespace, seen } from "./search-data-helpers.ts";

const UPSERT = inNamespace("upsert-data");
/** A fault that lets the request take effect and answers as the service would: a batch that passes. */
const PASS = { kind: "status", status: 200, body: { result: "Success" }, phase: "after" } as const;

describe("the data plane's faults", () => {
  it("a 429 with Retry-After: 1 holds the upsert at the gate for that second, then every batch lands once", async () => {
    const clock = virtualClock();
    const { server, data } = await indexWithData({ clock });
    server.inject(UPSERT, { kind: "status", status: 429, headers: { "retry-after": "1" } });

    const result = await data.upsert(documents(250), { namespace: "m" });

    expect(result).toEqual({ upserted: 250, batches: 3 });
    expect(seen(server)).toEqual([`${UPSERT} 429`, `${UPSERT} 200`, `${UPSERT} 200`, `${UPSERT} 200`]);
    // The wait is the gate's second (less the moments between the answer and the wait).
    expect(clock.sleeps).toHaveLength(1);
    expect((clock.sleeps[0]?.until ?? 0) - (clock.sleeps[0]?.from ?? 0)).toBeGreaterThan(900);
    expect((await data.info()).namespaces["m"]?.vectorCount).toBe(250);
  });

  it("retries 5xx answers and a connection reset after the upsert took effect: an upsert by id repeats without harm", async () => {
    const clock = capturedClock();
    const { server, data } = await indexWithData({ clock });
    server.inject(UPSERT, { kind: "status", status: 503 }, { kind: "reset", phase: "after" });
    server.inject(inNamespace("fetch"), { kind: "status", status: 502 }, { kind: "status", status: 500 });

    await data.upsert(documents(3), { namespace: "m" });
    const fetched = await data.fetch({ ids: ["doc-0002"] }, { namespace: "m" });

    expect(seen(server).slice(0, 3)).toEqual([`${UPSERT} 503`, `${UPSERT} reset`, `${UPSERT} 200`]);
    expect(fetched).toEqual([documents(3)[2]]);
    expect(clock.waits).toEqual([150, 300, 150, 300]);
    expect((await data.info()).vectorCount).toBe(3);
  });

  it("a batch that fails for good stops the upsert with the batches before it stored; running it again completes it", async () => {
    const { server, data } = await indexWithData({ retry: { maxAttempts: 1 } });
    server.inject(UPSERT, PASS, PASS, { kind: "status", status: 500, body: { error: "storage busy" } });

    const error = await caught(() => data.upsert(documents(250), { namespace: "m" }));
    const stored = (await data.info()).namespaces["m"]?.vectorCount;
    await data.upsert(documents(250), { namespace: "m" });

    expect(error).toBeInstanceOf(ServerError);
    expect(error.message).toBe(
      'upsert documents 201-250 of 250 in namespace "m": POST /upsert-data/m answered 500: storage busy',
    );
    expect(stored).toBe(200);
    expect((await data.info()).namespaces["m"]?.vectorCount).toBe(250);
  });

  it("a hang stops at the step's deadline, not at the attempt's 30 s", async () => {
    const { server, data } = await indexWithData({ deadline: Deadline.after(500), attemptTimeoutMs: 30_000 });
    server.inject(inDefault("info"), { kind: "hang" });

    const error = await caught(() => data.info());

    expect(error).toBeInstanceOf(DeadlineExceededError);
    expect(error.message).toMatch(/^read index info: POST \/info did not finish before the deadline/);
  });

  it("retries an answer that does not fit the schema, and says what is wrong when it never does", async () => {
    const clock = capturedClock();
    const { server, data } = await indexWithData({ clock, retry: { maxAttempts: 2 } });
    await data.upsert(documents(2));
    const garbled = {
      kind: "status",
      status: 200,
      body: { result: { nextCursor: 5, vectors: [] } },
    } as const;
    server.inject(inDefault("range"), garbled, { kind: "malformed-json" }, garbled, garbled);

    const first = await caught(() => data.rangePage({ cursor: "0", limit: 10 }));
    const second = await caught(() => data.rangePage({ cursor: "0", limit: 10 }));
    const page = await data.rangePage({ cursor: "0", limit: 10 });

    expect(first).toBeInstanceOf(ResponseValidationError);
    expect(second).toBeInstanceOf(ResponseValidationError);
    expect(second.message).toMatch(/result\.nextCursor/);
    expect(page.documents.map((d) => d.id)).toEqual(["doc-0000", "doc-0001"]);
  });

  it("refuses a cursor that does not move, so a range can never loop for ever", async () => {
    const { server, data } = await indexWithData({ retry: { maxAttempts: 1 } });
    server.inject(inDefault("range"), {
      kind: "status",
      status: 200,
      body: { result: { nextCursor: "0", vectors: [] } },
    });

    const error = await caught(async () => {
      for await (const _ of data.range()) {
        // Nothing comes.
      }
    });

    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error.message).toMatch(/nextCursor repeats the cursor asked for/);
  });

  it("masks the index's tokens in what the service echoes back", async () => {
    const { server, index, data } = await indexWithData();
    server.inject(UPSERT, {
      kind: "status",
      status: 400,
      body: { error: `bad ${index.token} / ${index.read_only_token}` },
    });

    const error = await caught(() => data.upsert(documents(1), { namespace: "m" }));

    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(error.message).toMatch(/answered 400: bad \*\*\* \/ \*\*\*$/);
    expect(JSON.stringify({ ...error, stack: error.stack })).not.toContain(index.token);
  });
});

describe("waitUntilIndexed", () => {
  it("polls info until the upsert is searchable, waiting 100 ms and then twice as long each time", async () => {
    const clock = capturedClock();
    const { server, data } = await indexWithData({ clock });
    // Pending documents wait on the emulator's clock: each of the client's waits moves it on,
    // a hundredfold, so that the real time a loaded machine spends between polls (seconds at
    // most) cannot decide at which poll the documents become searchable: 10 s + 20 s < 60 s
    // pending <= 10 s + 20 s + 40 s.
    const sleep = clock.sleep;
    clock.sleep = async (ms, signal) => {
      server.advanceClock(ms * 100);
      await sleep(ms, signal);
    };
    server.settings.searchIndexingDelayMs = 60_000;
    await data.upsert(documents(3), { namespace: "m" });

    const pendingAtFirst = (await data.info()).pendingVectorCount;
    const info = await waitUntilIndexed(data, { namespace: "m", deadline: Deadline.after(10_000, clock) });

    expect(pendingAtFirst).toBe(3);
    expect(info.namespaces["m"]).toEqual({ vectorCount: 3, pendingVectorCount: 0 });
    expect(clock.waits).toEqual([100, 200, 400]);
    expect((await data.search({ query: "document" }, { namespace: "m" })).length).toBe(3);
  });

  it("at the deadline, says how many documents are still pending", async () => {
    const clock = capturedClock();
    const { server, data } = await indexWithData({ clock });
    server.settings.searchIndexingDelayMs = 60_000;
    await data.upsert(documents(3), { namespace: "m" });

    const error = await caught(() => waitUntilIndexed(data, { deadline: Deadline.after(1_000, clock) }));

    expect(error).toBeInstanceOf(DeadlineExceededError);
    expect(error.message).toBe("wait until indexed: 3 documents still pending in the index at the deadline");
    expect(clock.waits).toEqual([100, 200, 400]);
  });
});
