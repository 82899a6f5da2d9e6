import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from "node:http";
import { type AddressInfo, connect, type Socket } from "node:net";
import { ConfigurationError } from "@stashkit/core";
import { httpStackFor } from "@stashkit/core/internal";
import { afterEach, describe, expect, it } from "vitest";
import {
  closedPullRequests,
  gitHubGraphqlUrl,
  type PullRequestLookup,
  PullRequestLookupError,
  pullRequestStates,
} from "../src/index.ts";

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

async function github(handle: (body: string, res: ServerResponse, req: IncomingMessage) => void) {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => handle(Buffer.concat(chunks).toString(), res, req));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
}

function lookup(graphqlUrl: string, withinMs = 10_000): PullRequestLookup {
  const end = Date.now() + withinMs;
  return {
    owner: "acme",
    repo: "shop",
    token: "ghs_secret_token",
    graphqlUrl,
    deadline: { remainingMs: () => end - Date.now() },
    redact: (text) => text.replaceAll("ghs_secret_token", "***"),
  };
}

/** Answers as GitHub does: open 1, closed 2, merged 3; other numbers null with a NOT_FOUND error. */
function knownPulls(body: string, res: ServerResponse) {
  const { query } = JSON.parse(body) as { query: string };
  const states: Record<string, string> = { "1": "OPEN", "2": "CLOSED", "3": "MERGED" };
  const data: Record<string, { state: string } | null> = {};
  const errors: { type: string }[] = [];
  for (const [, alias = "", n = ""] of query.matchAll(/(\w+): pullRequest\(number: (\d+)\)/g)) {
    data[alias] = states[n] ? { state: states[n] } : null;
    if (!states[n]) errors.push({ type: "NOT_FOUND" });
  }
  res.setHeader("content-type", "application/json");
  res.end(JSON.stringify({ data: { repository: data }, ...(errors.length ? { errors } : {}) }));
}

describe("the GitHub adapter", () => {
  it("reads open, closed and merged pull requests in one request; one GitHub does not show is unknown", async () => {
    const asked: string[] = [];
    const url = await github((body, res, req) => {
      asked.push(`${req.headers.authorization} ${JSON.parse(body).variables.owner}`);
      knownPulls(body, res);
    });
    const states = await pullRequestStates(lookup(url), [1, 2, 3, 4, 1]);
    expect([...states]).toEqual([
      [1, "open"],
      [2, "closed"],
      [3, "closed"],
      [4, "unknown"],
    ]);
    expect(asked).toEqual(["token ghs_secret_token acme"]);
  });

  it("keeps the index of a pull request it cannot see, with a warning: only closed ones are stale", async () => {
    const url = await github(knownPulls);
    const warnings: string[] = [];
    const stale = await closedPullRequests(
      lookup(url),
      [
        { name: "shop-pr-1", pr: "1" },
        { name: "shop-pr-2", pr: "2" },
        { name: "shop-pr-9", pr: "9" },
      ],
      (w) => warnings.push(w),
    );
    expect(stale).toEqual([
      { state: "open", stale: false },
      { state: "closed", stale: true },
      { state: "unknown", stale: false },
    ]);
    expect(warnings).toEqual(["pull request #9 for shop-pr-9 was not found; keeping the index"]);
  });

  it("stops at the step's deadline when GitHub accepts the request and never answers", async () => {
    const url = await github(() => {
      // Never answers.
    });
    const asking = pullRequestStates(lookup(url, 300), [1]);
    await expect(asking).rejects.toThrow(PullRequestLookupError);
    await expect(asking).rejects.toThrow(/did not finish before the time limit; nothing was pruned/);
  });

  it("fails on any error but NOT_FOUND, masking GitHub's text", async () => {
    const url = await github((_body, res) => {
      res.writeHead(401, { "content-type": "application/json" });
      res.end(JSON.stringify({ message: "Bad credentials for ghs_secret_token" }));
    });
    await expect(pullRequestStates(lookup(url), [1])).rejects.toThrow(
      "reading pull request states from GitHub failed (401): Bad credentials for ***",
    );
  });

  it("treats a number above GraphQL's Int (2^31 - 1) as unknown without asking, and answers the rest", async () => {
    const asked: string[] = [];
    const url = await github((body, res) => {
      const { query } = JSON.parse(body) as { query: string };
      asked.push(query);
      // GitHub refuses the whole query when one number does not fit a 32-bit Int.
      if ([...query.matchAll(/number: (\d+)/g)].some(([, n]) => Number(n) > 2 ** 31 - 1)) {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ errors: [{ message: "Could not coerce value to Int" }] }));
        return;
      }
      knownPulls(body, res);
    });
    const states = await pullRequestStates(lookup(url), [2, 2 ** 31, 2 ** 31 - 1, 1]);
    expect(Object.fromEntries(states)).toEqual({
      2: "closed",
      [2 ** 31]: "unknown",
      [2 ** 31 - 1]: "unknown",
      1: "open",
    });
    expect(asked.join("\n")).not.toContain(String(2 ** 31));
  });

  it("masks GitHub's error text first, then makes it one line and clips it", async () => {
    const url = await github((_body, res) => {
      res.writeHead(502, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          message: `${"x".repeat(290)}ghs_secret_token\n::error::injected ${"y".repeat(400)}`,
        }),
      );
    });
    const error = (await pullRequestStates(lookup(url), [1]).catch((e: unknown) => e)) as Error;
    expect(error).toBeInstanceOf(PullRequestLookupError);
    expect(error.message).not.toContain("ghs_");
    expect(error.message).not.toContain("\n");
    expect(error.message).toMatch(/x{290}\*\*\* ::err…$/);
  });

  it.each([
    [
      "GITHUB_GRAPHQL_URL",
      { GITHUB_GRAPHQL_URL: "http://ghe.example/api/graphql" },
      /GITHUB_GRAPHQL_URL must use https:\/\//,
    ],
    ["GITHUB_API_URL", { GITHUB_API_URL: "http://ghe.example/api/v3" }, /GITHUB_API_URL must use https:\/\//],
    ["user info", { GITHUB_GRAPHQL_URL: "https://u:p@ghe.example/graphql" }, /must not contain user info/],
  ])("refuses a GitHub URL that would send the token in clear or elsewhere: %s", (_, env, message) => {
    expect(() => gitHubGraphqlUrl(env)).toThrow(ConfigurationError);
    expect(() => gitHubGraphqlUrl(env)).toThrow(message);
  });

  it("accepts http:// only for loopback, as core's URL policy does", () => {
    expect(gitHubGraphqlUrl({ GITHUB_GRAPHQL_URL: "http://127.0.0.1:8080/graphql" })).toBe(
      "http://127.0.0.1:8080/graphql",
    );
  });

  it("asks through the proxy the environment names, with core's HTTP stack", async () => {
    const url = await github(knownPulls);
    // A forward proxy: takes the absolute URL of a plain-http request and sends it on.
    const seen: string[] = [];
    const proxy = createServer((req, res) => {
      seen.push(`${req.method} ${req.url}`);
      const target = new URL(req.url ?? "");
      const onward = request(target, { method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      req.pipe(onward);
    });
    // A tunnel (CONNECT), as undici's proxy agent opens: recorded, then bytes both ways.
    proxy.on("connect", (req: IncomingMessage, client: Socket, head: Buffer) => {
      seen.push(`CONNECT ${req.url}`);
      const [host = "", port = ""] = (req.url ?? "").split(":");
      const upstream = connect(Number(port), host, () => {
        client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
        upstream.write(head);
        upstream.pipe(client);
        client.pipe(upstream);
      });
      upstream.on("error", () => client.destroy());
      client.on("error", () => upstream.destroy());
    });
    servers.push(proxy);
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
    const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    const through = { ...lookup(url), http: httpStackFor({ HTTP_PROXY: proxyUrl }, undefined) };
    const states = await pullRequestStates(through, [1, 2]);
    expect(Object.fromEntries(states)).toEqual({ 1: "open", 2: "closed" });
    const host = new URL(url).host;
    expect(seen.length).toBe(1);
    expect([`POST ${url}`, `CONNECT ${host}`]).toContain(seen[0]);
  });

  it("finds GraphQL where the runner says, else beside the REST API", () => {
    expect(gitHubGraphqlUrl({ GITHUB_GRAPHQL_URL: "https://ghe.example/api/graphql" })).toBe(
      "https://ghe.example/api/graphql",
    );
    expect(gitHubGraphqlUrl({ GITHUB_API_URL: "https://ghe.example/api/v3/" })).toBe(
      "https://ghe.example/api/v3/graphql",
    );
    expect(gitHubGraphqlUrl({})).toBe("https://api.github.com/graphql");
  });
});
