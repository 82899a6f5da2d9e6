import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Receiver } from "@upstash/qstash";
import { describe, expect, it } from "vitest";
import { MessagingClient } from "../src/index.ts";
import { type DoctorCheck, doctor, qstashEnvironments, regionUrl } from "../src/internal.ts";
import { emulator, onCleanup } from "./helpers.ts";

/** A client as the CLI makes one: the given URL and token, nothing from the environment. */
const clientAt = (url: string, token: string) => new MessagingClient({ token, baseUrl: url, env: {} });

/** A stand-in of one QStash region: its tokens are accepted, any other is "not found in this region". */
async function regionStandIn(spelled: string, tokens: string[]): Promise<string> {
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const token = (req.headers.authorization ?? "").replace(/^Bearer /, "");
    if (!tokens.includes(token)) {
      const error = `user (0b7c0d1e-0000-4000-8000-000000000000) not found in this region (${spelled}). Check that you are using the correct endpoint.`;
      res.writeHead(401, { "content-type": "application/json" }).end(JSON.stringify({ error }));
      return;
    }
    const body = req.url === "/v2/keys" ? { current: "sig_a", next: "sig_b" } : [];
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  onCleanup(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** The regions' real URLs answered by local stand-ins: what a token says at each, without the internet. */
async function regions(euTokens: string[], usTokens: string[]) {
  const local = new Map([
    [regionUrl("EU_CENTRAL_1"), await regionStandIn("eu-central-1", euTokens)],
    [regionUrl("US_EAST_1"), await regionStandIn("us-east-1", usTokens)],
  ]);
  return (url: string, token: string) => clientAt(local.get(url) ?? url, token);
}

const byCheck = (checks: DoctorCheck[], check: string) => checks.filter((entry) => entry.check === check);

describe("doctor: tokens, regions, URLs and signing keys", () => {
  it("passes an emulator's printed settings and never prints a token or a key", async () => {
    const server = await emulator();
    const env = {
      QSTASH_URL: server.url,
      QSTASH_TOKEN: server.messagingToken,
      QSTASH_CURRENT_SIGNING_KEY: server.signingKeys.current,
      QSTASH_NEXT_SIGNING_KEY: server.signingKeys.next,
    };
    const report = await doctor({ env, clientFor: clientAt });
    expect(report).toMatchObject({ mode: "single-region", ok: true, run: undefined, probe: undefined });
    expect(report.checks).toEqual([
      {
        check: "token",
        subject: "QSTASH_*",
        status: "ok",
        detail: `QSTASH_TOKEN is accepted by ${server.url}, a stashkit emulator`,
      },
      {
        check: "signing-keys",
        subject: "QSTASH_*",
        status: "ok",
        detail:
          "QSTASH_CURRENT_SIGNING_KEY and QSTASH_NEXT_SIGNING_KEY are the account's current and next keys",
      },
    ]);
    const text = JSON.stringify(report);
    for (const secret of [server.messagingToken, server.signingKeys.current, server.signingKeys.next]) {
      expect(text).not.toContain(secret);
    }
  });

  it("fails keys that are not the account's, a lone key, and a token the URL refuses; warns of no keys", async () => {
    const server = await emulator();
    const base = { QSTASH_URL: server.url, QSTASH_TOKEN: server.messagingToken };
    const wrong = await doctor({
      env: { ...base, QSTASH_CURRENT_SIGNING_KEY: "sig_old", QSTASH_NEXT_SIGNING_KEY: "sig_older" },
      clientFor: clientAt,
    });
    expect(wrong.ok).toBe(false);
    expect(byCheck(wrong.checks, "signing-keys").at(-1)?.detail).toBe(
      "neither QSTASH_CURRENT_SIGNING_KEY nor QSTASH_NEXT_SIGNING_KEY is the key the account signs with: the app rejects every delivery",
    );
    const rotated = await doctor({
      env: {
        ...base,
        QSTASH_CURRENT_SIGNING_KEY: "sig_old",
        QSTASH_NEXT_SIGNING_KEY: server.signingKeys.current,
      },
      clientFor: clientAt,
    });
    expect(rotated.ok).toBe(true);
    expect(byCheck(rotated.checks, "signing-keys").at(-1)).toMatchObject({ status: "warn" });
    const lone = await doctor({ env: { ...base, QSTASH_NEXT_SIGNING_KEY: "sig_x" }, clientFor: clientAt });
    expect(byCheck(lone.checks, "signing-keys")).toEqual([
      expect.objectContaining({
        status: "fail",
        detail: "only QSTASH_NEXT_SIGNING_KEY is set: the SDKs' receivers need both keys",
      }),
    ]);
    const none = await doctor({ env: base, clientFor: clientAt });
    expect(byCheck(none.checks, "signing-keys")[0]).toMatchObject({ status: "warn" });
    const refused = await doctor({ env: { ...base, QSTASH_TOKEN: "not-this-one" }, clientFor: clientAt });
    expect(byCheck(refused.checks, "token")[0]).toMatchObject({
      status: "fail",
      detail: `${server.url} refused QSTASH_TOKEN (401); no region's URL accepts it: a token of another account, or rotated (each region has its own tokens)`,
    });
    const missing = await doctor({ env: {}, clientFor: clientAt, workflowRunId: "wfr_x" });
    expect(missing.checks.map((check) => [check.check, check.status])).toEqual([
      ["token", "fail"],
      ["signing-keys", "warn"],
      ["primary", "warn"],
    ]);
  });

  it("finds a token's region by asking each region's URL, and fails a URL of the other region", async () => {
    const clientFor = await regions(["eu-token"], ["us-token"]);
    const single = await doctor({ env: { QSTASH_TOKEN: "us-token" }, clientFor });
    expect(byCheck(single.checks, "token")).toEqual([
      {
        check: "token",
        subject: "QSTASH_*",
        status: "fail",
        detail:
          "QSTASH_TOKEN belongs to US_EAST_1: https://qstash.upstash.io refused QSTASH_TOKEN (401: not a user of EU_CENTRAL_1), US_EAST_1's URL accepts it; point QSTASH_URL at US_EAST_1's URL",
      },
    ]);
    const right = await doctor({
      env: { QSTASH_URL: "https://qstash-us-east-1.upstash.io", QSTASH_TOKEN: "us-token" },
      clientFor,
    });
    expect(right.checks.slice(0, 2).map((check) => check.detail)).toEqual([
      "QSTASH_TOKEN is accepted by https://qstash-us-east-1.upstash.io: it belongs to US_EAST_1 (a token does not name its region; the URL that accepts it does)",
      "QSTASH_URL is US_EAST_1's URL (https://qstash-us-east-1.upstash.io)",
    ]);
    const multi = await doctor({
      env: {
        QSTASH_REGION: "US_EAST_1",
        US_EAST_1_QSTASH_URL: "https://qstash.upstash.io",
        US_EAST_1_QSTASH_TOKEN: "us-token",
        EU_CENTRAL_1_QSTASH_URL: "https://qstash.upstash.io",
        EU_CENTRAL_1_QSTASH_TOKEN: "eu-token",
      },
      clientFor,
    });
    expect(multi.mode).toBe("multi-region");
    expect(
      multi.checks.filter((check) => check.status === "fail").map((check) => [check.subject, check.detail]),
    ).toEqual([
      ["US_EAST_1", expect.stringMatching(/^US_EAST_1_QSTASH_TOKEN belongs to US_EAST_1: /)],
      [
        "US_EAST_1",
        "US_EAST_1_QSTASH_URL is EU_CENTRAL_1's URL (https://qstash.upstash.io), not US_EAST_1's",
      ],
    ]);
    expect(byCheck(multi.checks, "token").find((check) => check.subject === "EU_CENTRAL_1")?.status).toBe(
      "ok",
    );
  });
});

describe("qstashEnvironments: what the official SDKs read", () => {
  it("reads the plain variables, or each region's with QSTASH_REGION, and says what the SDKs would do instead", () => {
    expect(qstashEnvironments({ QSTASH_TOKEN: "t" })).toEqual({
      mode: "single-region",
      notes: [],
      environments: [
        {
          region: undefined,
          primary: true,
          url: { value: "https://qstash.upstash.io", from: "the SDKs' default" },
          token: { value: "t", from: "QSTASH_TOKEN" },
          currentSigningKey: undefined,
          nextSigningKey: undefined,
        },
      ],
    });
    const ignored = qstashEnvironments({
      QSTASH_TOKEN: "t",
      US_EAST_1_QSTASH_TOKEN: "u",
      QSTASH_REGION: "mars",
    });
    expect(ignored.notes).toEqual([
      'QSTASH_REGION is "mars", not a region (EU_CENTRAL_1, US_EAST_1): the SDKs ignore it and read the plain QSTASH_* variables',
      "US_EAST_1_QSTASH_* variables are set but QSTASH_REGION is not: the SDKs ignore them",
    ]);
    const multi = qstashEnvironments(
      {
        QSTASH_REGION: "us-east-1",
        QSTASH_TOKEN: "plain",
        QSTASH_CURRENT_SIGNING_KEY: "c",
        QSTASH_NEXT_SIGNING_KEY: "n",
      },
      { url: "http://127.0.0.1:1" },
    );
    expect(multi.notes).toEqual([
      "QSTASH_REGION is US_EAST_1 but US_EAST_1_QSTASH_URL and US_EAST_1_QSTASH_TOKEN are not both set: the SDKs publish with QSTASH_URL and QSTASH_TOKEN instead",
    ]);
    expect(multi.environments).toEqual([
      {
        region: "US_EAST_1",
        primary: true,
        url: { value: "http://127.0.0.1:1", from: "--messaging-url" },
        token: { value: "plain", from: "QSTASH_TOKEN" },
        currentSigningKey: { value: "c", from: "QSTASH_CURRENT_SIGNING_KEY" },
        nextSigningKey: { value: "n", from: "QSTASH_NEXT_SIGNING_KEY" },
      },
    ]);
  });
});

describe("doctor --probe: a message through QStash to an endpoint, and a forged signature sent to it", () => {
  it("reports a delivery to an endpoint that verifies, one that does not, and one that fails", async () => {
    const server = await emulator();
    const receiver = new Receiver({
      currentSigningKey: server.signingKeys.current,
      nextSigningKey: server.signingKeys.next,
    });
    const endpoint = async (verify: boolean, status = 200) => {
      const app = createServer(async (req, res) => {
        const chunks: Buffer[] = [];
        for await (const chunk of req) chunks.push(chunk as Buffer);
        const signature = String(req.headers["upstash-signature"] ?? "");
        const valid = await receiver
          .verify({ signature, body: Buffer.concat(chunks).toString("utf8") })
          .catch(() => false);
        if (verify && !valid) return void res.writeHead(401).end("bad signature");
        res.writeHead(status).end(status === 200 ? "ok" : "the database is down");
      });
      await new Promise<void>((resolve) => app.listen(0, "127.0.0.1", resolve));
      onCleanup(() => new Promise<void>((resolve) => app.close(() => resolve())));
      return `http://127.0.0.1:${(app.address() as AddressInfo).port}/hook`;
    };
    const env = { QSTASH_URL: server.url, QSTASH_TOKEN: server.messagingToken };
    const careful = await doctor({ env, clientFor: clientAt, probe: { url: await endpoint(true) } });
    expect(careful.probe).toMatchObject({ state: "DELIVERED", responseStatus: 200, forged: { status: 401 } });
    expect([...byCheck(careful.checks, "probe"), ...byCheck(careful.checks, "forged-signature")]).toEqual([
      expect.objectContaining({
        status: "ok",
        detail: expect.stringMatching(/^QStash delivered message \S+ \(answered 200\)$/),
      }),
      expect.objectContaining({ status: "ok", detail: "the endpoint refused a forged signature (401)" }),
    ]);
    const trusting = await doctor({ env, clientFor: clientAt, probe: { url: await endpoint(false) } });
    expect(trusting.ok).toBe(false);
    expect(byCheck(trusting.checks, "forged-signature")[0]?.detail).toBe(
      "the endpoint accepted a request with a forged signature (200): it does not verify Upstash-Signature",
    );
    const broken = await doctor({ env, clientFor: clientAt, probe: { url: await endpoint(true, 503) } });
    expect(broken.probe).toMatchObject({ state: "FAILED", responseStatus: 503 });
    expect(byCheck(broken.checks, "probe")[0]).toMatchObject({
      status: "fail",
      detail: expect.stringMatching(
        /^QStash could not deliver message \S+ \(answered 503\): answered 503: the database is down$/,
      ),
    });
  });
});
