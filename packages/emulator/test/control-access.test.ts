import { request } from "node:http";
import { describe, expect, it } from "vitest";
import { CONTROL_TOKEN_HEADER, type ControlRequestFacts, controlRefusal } from "../src/control/access.ts";
import type { RunningEmulator } from "../src/index.ts";
import { emulator, management } from "./helpers.ts";
import { startBin } from "./start-bin.ts";

/** A request with headers fetch will not let us choose (Host), answered as status + text. */
function send(
  url: string,
  options: { method?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: options.method ?? "GET", headers: options.headers ?? {} }, (res) => {
      let text = "";
      res.on("data", (chunk: Buffer) => {
        text += chunk.toString();
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on("error", reject);
    req.end();
  });
}

const controlUrl = (server: { url: string }, path = "/state") => `${server.url}/__stashkit${path}`;

const local: ControlRequestFacts = {
  peerAddress: "127.0.0.1",
  host: "127.0.0.1:8787",
  origin: undefined,
  fetchSite: undefined,
  token: undefined,
};

describe("who may use the control API (the rule, on plain request facts)", () => {
  const open = { token: undefined, boundHost: "0.0.0.0" };

  it.each([
    ["IPv4 loopback", { peerAddress: "127.0.0.1" }],
    ["another 127/8 address", { peerAddress: "127.3.4.5" }],
    ["IPv6 loopback", { peerAddress: "::1", host: "[::1]:8787" }],
    ["IPv4-mapped loopback", { peerAddress: "::ffff:127.0.0.1" }],
    ["Host localhost", { host: "localhost:8787" }],
    ["the emulator's own origin", { origin: "http://127.0.0.1:8787", fetchSite: "same-origin" }],
    ["a URL typed into the browser", { fetchSite: "none" }],
  ])("admits %s without a token", (_case, facts) => {
    expect(controlRefusal({ ...local, ...facts }, open)).toBeUndefined();
  });

  it.each([
    // A browser on a container's host, through the published port: the gateway's address. Said
    // what to set, and where.
    [
      "a peer on the network",
      { peerAddress: "172.17.0.1" },
      403,
      /loopback clients only .*published port.*--control-token T \(STASHKIT_CONTROL_TOKEN in its container\).*the inspector page asks for it$/,
    ],
    ["an unknown peer", { peerAddress: undefined }, 403, /loopback clients only/],
    ["a rebinding Host", { host: "attacker.example:8787" }, 403, /Host/],
    ["the wildcard address as Host", { host: "0.0.0.0:8787" }, 403, /Host/],
    ["no Host", { host: undefined }, 403, /Host/],
    ["another origin", { origin: "http://attacker.example" }, 403, /cross-origin/],
    ["the null origin", { origin: "null" }, 403, /cross-origin/],
    ["another port of localhost", { origin: "http://127.0.0.1:3000" }, 403, /cross-origin/],
    ["a cross-site fetch without Origin", { fetchSite: "cross-site" }, 403, /other sites/],
    ["a same-site fetch from another port", { fetchSite: "same-site" }, 403, /other sites/],
  ])("refuses %s", (_case, facts, status, reason) => {
    const refusal = controlRefusal({ ...local, ...facts }, open);
    expect(refusal?.status).toBe(status);
    expect(refusal?.reason).toMatch(reason);
  });

  it("admits a Host naming the address the server was bound to", () => {
    const bound = { token: undefined, boundHost: "10.0.0.7" };
    expect(controlRefusal({ ...local, host: "10.0.0.7:8787" }, bound)).toBeUndefined();
    expect(controlRefusal({ ...local, host: "10.0.0.8:8787" }, bound)?.status).toBe(403);
  });

  it("with a token set, needs it from everyone and then accepts any peer and Host, but never another origin", () => {
    const guarded = { token: "s3cret-control", boundHost: "0.0.0.0" };
    expect(controlRefusal(local, guarded)?.status).toBe(401);
    expect(controlRefusal({ ...local, token: "wrong" }, guarded)?.status).toBe(401);
    const remote = { ...local, peerAddress: "192.168.1.20", host: "dev-box:8787", token: "s3cret-control" };
    expect(controlRefusal(remote, guarded)).toBeUndefined();
    expect(controlRefusal({ ...remote, origin: "http://attacker.example" }, guarded)?.status).toBe(403);
    expect(controlRefusal({ ...remote, origin: "http://dev-box:8787" }, guarded)).toBeUndefined();
  });

  it("never puts the token in its reason", () => {
    const refusal = controlRefusal({ ...local, token: "wrong" }, { token: "s3cret-control", boundHost: "" });
    expect(refusal?.reason).toContain(CONTROL_TOKEN_HEADER);
    expect(refusal?.reason).not.toContain("s3cret-control");
    expect(refusal?.reason).not.toContain("wrong");
  });
});

describe("the control API over HTTP", () => {
  async function indexTokenIn(server: RunningEmulator): Promise<string> {
    const created = await management(server).create({ name: "a", region: "eu-west-1", type: "free" });
    return (created.json as { token: string }).token;
  }

  it("bound to every address, still refuses a foreign Host and a foreign Origin, and reveals nothing", async () => {
    const server = await emulator({ host: "0.0.0.0" });
    const port = new URL(server.url).port;
    const loopback = { url: `http://127.0.0.1:${port}` };
    const token = await indexTokenIn(server);

    const own = await send(controlUrl(loopback));
    expect(own.status).toBe(200);
    expect(own.text).toContain(token);

    for (const headers of [
      { host: `attacker.example:${port}` },
      { host: `192.168.1.20:${port}` },
      { origin: "http://attacker.example" },
      { "sec-fetch-site": "cross-site" },
    ]) {
      const refused = await send(controlUrl(loopback), { headers });
      expect(refused.status).toBe(403);
      expect(refused.text).not.toContain(token);
    }
    const reset = await send(controlUrl(loopback, "/reset"), {
      method: "POST",
      headers: { origin: "http://attacker.example" },
    });
    expect(reset.status).toBe(403);
    expect(server.state.indexes).toHaveLength(1);
  });

  it("accepts the emulator's own origin", async () => {
    const server = await emulator();
    const answer = await send(controlUrl(server, "/health"), {
      headers: { origin: server.url, "sec-fetch-site": "same-origin" },
    });
    expect(answer.status).toBe(200);
  });

  it("with controlToken, answers 401 without the header and 200 with it, whatever the Host", async () => {
    const server = await emulator({ controlToken: "s3cret-control" });
    const port = new URL(server.url).port;
    const missing = await send(controlUrl(server));
    expect(missing.status).toBe(401);
    expect(missing.text).toContain(CONTROL_TOKEN_HEADER);
    expect((await send(controlUrl(server), { headers: { [CONTROL_TOKEN_HEADER]: "nope" } })).status).toBe(
      401,
    );
    const withToken = await send(controlUrl(server), {
      headers: { [CONTROL_TOKEN_HEADER]: "s3cret-control", host: `dev-box:${port}` },
    });
    expect(withToken.status).toBe(200);
    expect(withToken.text).not.toContain("s3cret-control");
  });

  it("refuses an empty control token at start", async () => {
    await expect(emulator({ controlToken: "" })).rejects.toThrow(/controlToken must not be empty/);
  });
});

describe("the command's control token", () => {
  it.each([
    ["--control-token", ["--control-token", "from-the-flag"], {}, "from-the-flag"],
    [
      "STASHKIT_EMULATOR_CONTROL_TOKEN",
      [],
      { STASHKIT_EMULATOR_CONTROL_TOKEN: "from-the-env" },
      "from-the-env",
    ],
  ])("comes from %s and is never printed", async (_source, args, env, token) => {
    const bin = await startBin(args, env);
    try {
      expect(bin.banner).toContain("x-stashkit-control-token");
      expect(bin.banner).not.toContain(token);
      expect((await send(controlUrl(bin, "/health"))).status).toBe(401);
      const admitted = await send(controlUrl(bin, "/health"), { headers: { [CONTROL_TOKEN_HEADER]: token } });
      expect(admitted.status).toBe(200);
    } finally {
      bin.process.kill("SIGTERM");
      await bin.exited;
    }
  });
});
