import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { managementCredentialForms, Redactor, redactAndClip, type StashkitError } from "../src/index.ts";
import { maskSecretText } from "../src/transport/redactor.ts";
import { caught, createQueue, emulator, managementClient, messagingClient } from "./helpers.ts";

describe("Redactor", () => {
  it("masks every secret, the longest where they overlap, in one pass", () => {
    const redactor = new Redactor();
    redactor.add("abc", "bcdef", "xyz", "token-1234567890abcdef-long");
    expect(redactor.redact("0abcdef1xyz2ab")).toBe("0***1***2ab");
    expect(redactor.redact("see token-1234567890abcdef-long!")).toBe("see ***!");
    // The percent-encoded form of a secret is masked too.
    redactor.add("a b/c=");
    expect(redactor.redact("q=a%20b%2Fc%3D&x")).toBe("q=***&x");
  });

  it("with a length, returns the start of the masked text: a secret the cut would split is masked whole", () => {
    const secret = "s3cr3t-value-that-is-long";
    const redactor = new Redactor();
    redactor.add(secret);
    for (let before = 0; before < 40; before++) {
      const text = `${"x".repeat(before)}${secret}${"y".repeat(50)}`;
      const full = redactor.redact(text);
      for (let max = 0; max < 60; max++) {
        const cut = redactor.redact(text, max);
        expect(cut).toBe(full.slice(0, max));
        expect(cut).not.toContain("s3cr");
      }
    }
  });

  it("handles 20,000 indexes' tokens: every one masked, none re-sorted per add", () => {
    const redactor = new Redactor();
    const tokens = Array.from({ length: 40_000 }, () => `AX${randomBytes(45).toString("base64")}`);
    for (let i = 0; i < tokens.length; i += 2) redactor.add(tokens[i], tokens[i + 1]);
    const line = `answered 500: ${tokens[12_345]} and ${tokens[39_999]} and ${tokens[0]}`;
    expect(redactor.redact(line)).toBe("answered 500: *** and *** and ***");
  });

  it("masks token fields in text that is not JSON, also after a long run of word characters", () => {
    expect(maskSecretText(`${"a".repeat(50_000)} "token": "abc123", x`)).toMatch(/"token": "\*\*\*", x$/);
  });
});

describe("redactAndClip", () => {
  it("masks first, then clips: a secret straddling the cut shows not even its start", () => {
    const redactor = new Redactor();
    const pair = "dev@stashkit.local:stashkit-emulator-api-key";
    redactor.add(...managementCredentialForms("dev@stashkit.local", "stashkit-emulator-api-key"));
    for (let before = 270; before < 300; before++) {
      const clipped = redactAndClip(`${"e".repeat(before)} ${pair} and more`, redactor, 300);
      expect(clipped.length).toBeLessThanOrEqual(300);
      expect(clipped).not.toMatch(/dev@|stashkit-emu/);
    }
  });

  it("makes one line of anything: no CR, LF or other control characters survive", () => {
    const redactor = new Redactor();
    expect(redactAndClip("a\r\n::set-env name=X::1\rb\u0000c\u0085d\u2028e", redactor, 100)).toBe(
      "a ::set-env name=X::1 b c d e",
    );
  });
});

describe("the client masks every form of its credentials", () => {
  const email = "dev@stashkit.local";
  const apiKey = "stashkit-emulator-api-key";

  it("the email alone, the Basic value with and without padding, base64url, percent-encoded", async () => {
    const server = await emulator();
    const pair = `${email}:${apiKey}`;
    const basic = Buffer.from(pair).toString("base64");
    const echoes = [
      email,
      basic,
      basic.replace(/=+$/, ""),
      Buffer.from(pair).toString("base64url"),
      encodeURIComponent(pair),
      encodeURIComponent(email),
    ];
    for (const echo of echoes) {
      server.inject("GET /v2/search", { kind: "status", status: 400, body: { error: `you sent ${echo}.` } });
      const error = (await caught(() => managementClient(server).searchIndexes.list())) as StashkitError;
      expect(error.apiMessage).toBe("you sent ***.");
      expect(error.message).not.toContain(echo);
    }
  });

  it("a token straddling the 300-character cut of an API message", async () => {
    const server = await emulator();
    await createQueue(server, "q");
    for (const before of [270, 280, 285, 290, 295, 299]) {
      server.inject("POST /v2/queues/:name/resume", {
        kind: "status",
        status: 400,
        body: { error: `${"x".repeat(before)} ${server.messagingToken} trailing text` },
      });
      const error = await caught(() => messagingClient(server).queues.resume("q"));
      expect(error.message).not.toContain(server.messagingToken.slice(0, 6));
    }
  });

  it("a token in the request id header, clipped too", async () => {
    const server = await emulator();
    server.inject("GET /v2/queues", {
      kind: "status",
      status: 400,
      headers: { "x-request-id": `req-${server.messagingToken}-${"r".repeat(500)}` },
      body: { error: "bad" },
    });
    const error = (await caught(() => messagingClient(server).queues.list())) as StashkitError;
    expect(error.requestId).toMatch(/^req-\*\*\*-r+…$/);
    expect(error.requestId?.length).toBeLessThanOrEqual(100);
  });
});
