import { Receiver } from "@upstash/qstash";
import { decodeJwt, decodeProtectedHeader } from "jose";
import { describe, expect, it } from "vitest";
import { signingKeysSchema } from "../contract.ts";
import { startBin } from "../start-bin.ts";
import { conforms, eventually, header, recorder, withSdk } from "./helpers.ts";

describe("signed deliveries", () => {
  it("signs with the current key: an HS256 JWT with the documented claims, which Receiver.verify accepts", async () => {
    const { client, receiver, server } = await withSdk();
    const hook = await recorder();
    const url = `${hook.url}/signed?page=2`;
    await client.publish({ url, body: "payload" });
    const delivery = await eventually(() => hook.received[0], "the delivery");
    const signature = header(delivery, "upstash-signature") ?? "";

    expect(decodeProtectedHeader(signature)).toEqual({ alg: "HS256", typ: "JWT" });
    const claims = decodeJwt(signature);
    expect(claims).toMatchObject({ iss: "Upstash", sub: url });
    expect(claims["body"]).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(claims.exp).toBeGreaterThan(claims.iat ?? 0);
    expect(claims.nbf).toBe(claims.iat);
    expect(claims.jti).toEqual(expect.any(String));

    expect(await receiver.verify({ signature, body: delivery.body, url })).toBe(true);
    const onlyCurrent = new Receiver({
      currentSigningKey: server.signingKeys.current,
      nextSigningKey: "sig_wrong",
    });
    expect(await onlyCurrent.verify({ signature, body: delivery.body })).toBe(true);
  });

  it("fails verification for a changed body, another URL or other keys", async () => {
    const { client, receiver } = await withSdk();
    const hook = await recorder();
    await client.publish({ url: `${hook.url}/a`, body: "original" });
    const delivery = await eventually(() => hook.received[0], "the delivery");
    const signature = header(delivery, "upstash-signature") ?? "";

    await expect(receiver.verify({ signature, body: "tampered" })).rejects.toThrow(
      /body hash does not match/,
    );
    await expect(receiver.verify({ signature, body: "original", url: `${hook.url}/b` })).rejects.toThrow(
      /invalid subject/,
    );
    const strangers = new Receiver({ currentSigningKey: "sig_other", nextSigningKey: "sig_other2" });
    await expect(strangers.verify({ signature, body: "original" })).rejects.toThrow(/signature/);
  });

  it("uses the keys it is given, answers them on GET /v2/keys and rotates them as documented", async () => {
    const keys = { current: "sig_given_current", next: "sig_given_next" };
    const { client, raw, server } = await withSdk({ signingKeys: keys });
    expect(conforms(signingKeysSchema, (await raw("GET", "/v2/keys")).json)).toEqual(keys);

    const rotated = conforms(signingKeysSchema, (await raw("POST", "/v2/keys/rotate")).json);
    expect(rotated.current).toBe(keys.next);
    expect(rotated.next).toMatch(/^sig_[1-9A-HJ-NP-Za-km-z]{28}$/);
    expect(server.signingKeys).toEqual(rotated);

    const hook = await recorder();
    await client.publish({ url: `${hook.url}/after-rotation`, body: "x" });
    const delivery = await eventually(() => hook.received[0], "the delivery");
    const receiver = new Receiver({ currentSigningKey: rotated.current, nextSigningKey: "sig_unused" });
    expect(
      await receiver.verify({ signature: header(delivery, "upstash-signature") ?? "", body: delivery.body }),
    ).toBe(true);
  });

  it("generates a fresh pair per emulator unless a data file keeps it", async () => {
    const { server: first } = await withSdk();
    const { server: second } = await withSdk();
    expect(first.signingKeys.current).toMatch(/^sig_/);
    expect(first.signingKeys.current).not.toBe(second.signingKeys.current);
    expect(first.signingKeys.current).not.toBe(first.signingKeys.next);
  });

  it("takes the keys from flags or QSTASH_*_SIGNING_KEY in the environment and prints them", async () => {
    const fromEnv = await startBin([], {
      QSTASH_CURRENT_SIGNING_KEY: "sig_env_current",
      QSTASH_NEXT_SIGNING_KEY: "sig_env_next",
    });
    expect(fromEnv.banner).toContain("QSTASH_CURRENT_SIGNING_KEY=sig_env_current");
    expect(fromEnv.banner).toContain("QSTASH_NEXT_SIGNING_KEY=sig_env_next");
    fromEnv.process.kill("SIGTERM");
    expect(await fromEnv.exited).toBe(0);

    const fromFlags = await startBin(
      ["--current-signing-key", "sig_flag_current", "--next-signing-key", "sig_flag_next"],
      {
        QSTASH_CURRENT_SIGNING_KEY: "sig_env_current",
      },
    );
    const keys = await fetch(`${fromFlags.url}/v2/keys`, {
      headers: { authorization: "Bearer stashkit-emulator-qstash-token" },
    });
    expect(await keys.json()).toEqual({ current: "sig_flag_current", next: "sig_flag_next" });
    fromFlags.process.kill("SIGTERM");
    expect(await fromFlags.exited).toBe(0);
    // Two processes start here; a busy machine may need more than the default 5 s.
  }, 30_000);
});
