// Issue 50 item 8: a request that never got an answer says where (the host and port, never a path's
// query or a credential) and why (the code, in words), through either exchange.
import { Agent } from "undici";
import { describe, expect, it } from "vitest";
import { ConnectionError, MessagingClient } from "../src/index.ts";
import { describeNetworkFailure, hostOf, networkErrorCode } from "../src/transport/network-causes.ts";
import { caught, closedPort } from "./helpers.ts";

const TOKEN = "qst-network-errors-secret";
const exchanges = {
  "node:http": {},
  // An injected dispatcher sends through undici's fetch, the path behind a proxy.
  fetch: { dispatcher: new Agent() },
};

describe.each(Object.entries(exchanges))("a request without an answer, through %s", (_name, extra) => {
  const client = (baseUrl: string) =>
    new MessagingClient({ token: TOKEN, baseUrl, env: {}, retry: { maxAttempts: 1 }, ...extra });

  it("refused: names the host and port and says nothing listens there", async () => {
    const port = await closedPort();
    const error = await caught(() =>
      client(`http://127.0.0.1:${port}`).dlq.list({ urls: ["https://a/?key=q1"] }),
    );
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error.message).toBe(
      `list the DLQ: GET /v2/dlq could not connect to 127.0.0.1:${port}: the connection was refused: nothing listens on that port (is it running, on that port?) (ECONNREFUSED)`,
    );
  });

  it("a host that does not resolve: names the host, never the query or the token", async () => {
    const error = await caught(() =>
      client("https://stashkit-test.invalid").dlq.list({ labels: ["lbl"], urls: ["https://a/?key=q1"] }),
    );
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error.message).toMatch(
      /^list the DLQ: GET \/v2\/dlq could not connect to stashkit-test\.invalid: the host name (does not resolve|could not be resolved just now).* \((ENOTFOUND|EAI_AGAIN)\)$/,
    );
    for (const leak of ["key=q1", "lbl", TOKEN]) expect(error.message).not.toContain(leak);
  });
});

describe("the words for a network failure", () => {
  it("say whether it failed to connect or lost the connection, and report an unknown code as it is", () => {
    expect(describeNetworkFailure("h:1", "ECONNRESET", "x")).toBe(
      "lost the connection to h:1: the other end reset the connection (ECONNRESET)",
    );
    expect(describeNetworkFailure("h:1", "EWHATEVER", "socket hang up")).toBe(
      "the request to h:1 failed: socket hang up (EWHATEVER)",
    );
    expect(describeNetworkFailure("h:1", undefined, "fetch failed")).toBe(
      "the request to h:1 failed: fetch failed",
    );
  });

  it("take the host from a URL without its credentials, path or query", () => {
    expect(hostOf("https://user:pass@api.example.com:8443/v2/x?token=t")).toBe("api.example.com:8443");
    expect(hostOf("not a url")).toBe("the server");
  });

  it("find the code on a cause, or on the first of an AggregateError's errors", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
    expect(networkErrorCode(new TypeError("fetch failed", { cause: refused }))).toBe("ECONNREFUSED");
    expect(networkErrorCode(new TypeError("fetch failed", { cause: new AggregateError([refused]) }))).toBe(
      "ECONNREFUSED",
    );
  });
});
