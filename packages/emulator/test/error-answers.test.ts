import { describe, expect, it } from "vitest";
import { basic, control, emulator } from "./helpers.ts";

/**
 * Each API's factory names an error; its profile sends it in that API's shape. Through HTTP to a
 * started emulator: the status and the exact body a client reads.
 */
describe("a named error answers in its API's shape", () => {
  it("messaging: {error} JSON, for a handler's error and for the pipeline's", async () => {
    const server = await emulator();
    const auth = { authorization: `Bearer ${server.messagingToken}` };
    const missing = await fetch(`${server.url}/v2/queues/ghost`, { headers: auth });
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-type")).toBe("application/json");
    expect(await missing.text()).toBe('{"error":"queue \\"ghost\\" not found"}');

    const notJson = await fetch(`${server.url}/v2/queues`, { method: "POST", headers: auth, body: "{" });
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toEqual({ error: "request body is not valid JSON" });

    const anonymous = await fetch(`${server.url}/v2/queues`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ error: "Unauthorized: missing token" });
  });

  it.each([
    ["json-string", "application/json", '"search index not found"'],
    ["text", "text/plain; charset=utf-8", "search index not found"],
    ["error-object", "application/json", '{"error":"search index not found"}'],
    ["message-object", "application/json", '{"message":"search index not found"}'],
  ] as const)("management: the %s style", async (style, contentType, body) => {
    const server = await emulator({ managementErrorStyle: style });
    const answer = await fetch(`${server.url}/v2/search/00000000-0000-4000-8000-000000000000`, {
      headers: { authorization: basic(server.account.email, server.account.apiKey) },
    });
    expect(answer.status).toBe(404);
    expect(answer.headers.get("content-type")).toBe(contentType);
    expect(await answer.text()).toBe(body);

    const stranger = await fetch(`${server.url}/v2/search`, {
      headers: { authorization: basic("a@b.c", "x") },
    });
    expect(stranger.status).toBe(401);
    expect(await stranger.text()).toBe(body.replace("search index not found", "Unauthorized"));
  });

  it("search data plane: {error} JSON with the service's statuses", async () => {
    const server = await emulator({ searchIndexes: ["shop"] });
    const env = server.searchEnv("shop");
    const post = (route: string, token = env.UPSTASH_SEARCH_REST_TOKEN) =>
      fetch(`${env.UPSTASH_SEARCH_REST_URL}/${route}`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}` },
      });
    const missing = await post("delete-namespace/nope");
    expect(missing.status).toBe(400);
    expect(await missing.text()).toBe('{"error":"Namespace \\"nope\\" does not exist"}');

    const unknown = await post("frobnicate");
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: "Unknown route frobnicate" });

    const wrongToken = await post("info", "not-the-token");
    expect(wrongToken.status).toBe(401);
    expect(await wrongToken.json()).toEqual({ error: "Unauthorized: invalid token" });
  });

  it("control: {error} JSON, naming what it has no such thing of", async () => {
    const server = await emulator();
    const ctl = control(server);
    const unrouted = await ctl.get("/nope");
    expect(unrouted.status).toBe(404);
    expect(unrouted.text).toBe('{"error":"no control route \\"GET /nope\\""}');

    const badBody = await ctl.post("/workflows/runs", { url: "ftp://x" });
    expect(badBody.status).toBe(400);
    expect(badBody.json).toEqual({ error: "url must be an http(s) URL" });

    const inspector = await fetch(`${server.url}/__stashkit/inspector/indexes/nope/reveal-token`, {
      method: "POST",
    });
    expect(inspector.status).toBe(404);
    expect(await inspector.json()).toEqual({ error: 'no search index "nope"' });
  });
});
