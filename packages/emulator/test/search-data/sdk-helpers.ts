import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Search } from "@upstash/search";
import { afterEach, expect } from "vitest";
import { z } from "zod";
import type { EmulatorOptions, RunningEmulator } from "../../src/index.ts";
import {
  deleteAnswerSchema,
  errorEnvelopeSchema,
  fetchAnswerSchema,
  infoAnswerSchema,
  listNamespacesAnswerSchema,
  rangeAnswerSchema,
  resultEnvelopeSchema,
  searchAnswerSchema,
  successAnswerSchema,
} from "../../src/search-data/answer-schemas.ts";
import { emulator, management } from "../helpers.ts";

/** What each data route answers; every answer a test sees is checked against it. */
const ANSWERS: Record<string, z.ZodType> = {
  "upsert-data": successAnswerSchema,
  search: searchAnswerSchema,
  fetch: fetchAnswerSchema,
  delete: deleteAnswerSchema,
  range: rangeAnswerSchema,
  reset: successAnswerSchema,
  info: infoAnswerSchema,
  "list-namespaces": listNamespacesAnswerSchema,
  "delete-namespace": successAnswerSchema,
};

/** The parts of the management API's index answer the data plane's clients use. */
export const createdIndexSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  endpoint: z.string(),
  token: z.string().min(20),
  read_only_token: z.string().min(20),
});
export type CreatedIndex = z.infer<typeof createdIndexSchema>;

const proxies: { close(): Promise<void> }[] = [];
let checked = 0;
afterEach(async () => {
  await Promise.all(proxies.splice(0).map((proxy) => proxy.close()));
});

/** How many answers the proxies have checked so far (a test can see the check ran). */
export function answersChecked(): number {
  return checked;
}

/**
 * A real HTTP hop between the SDK and the emulator that checks every answer against the
 * project's schemas (`{result}` of the route's shape, or `{error}` with a non-2xx status)
 * and passes it on unchanged. A mismatch fails the test that made the request.
 */
export async function validatingProxy(target: string): Promise<string> {
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers: Record<string, string> = {};
    for (const name of ["authorization", "content-type"]) {
      const value = req.headers[name];
      if (typeof value === "string") headers[name] = value;
    }
    const body = Buffer.concat(chunks);
    const answer = await fetch(`${target}${req.url ?? ""}`, {
      method: req.method ?? "POST",
      headers,
      ...(body.length > 0 ? { body } : {}),
    });
    const text = await answer.text();
    checkAnswer(req.url ?? "", answer.status, text);
    res.writeHead(answer.status, {
      "content-type": answer.headers.get("content-type") ?? "application/json",
    });
    res.end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  proxies.push({
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function checkAnswer(path: string, status: number, text: string): void {
  const json: unknown = JSON.parse(text);
  if (status >= 200 && status < 300) {
    // /search/{endpoint}/{route}[/{namespace}]
    const route = path.split("?")[0]?.split("/")[3] ?? "";
    const schema = ANSWERS[route];
    expect(schema, `a schema for ${route}`).toBeDefined();
    resultEnvelopeSchema(schema as z.ZodType).parse(json);
  } else {
    errorEnvelopeSchema.parse(json);
  }
  checked++;
}

export interface IndexWithSdk {
  server: RunningEmulator;
  index: CreatedIndex;
  /** The official SDK with the index's read-write token, through the validating proxy. */
  client: Search;
  /** The same with the read-only token. */
  readOnly: Search;
  /** An SDK client for another token on this index's URL. */
  withToken(token: string): Search;
}

/**
 * An emulator whose management API gives endpoints as URLs, one index made through it, and
 * the official SDK pointed at that index's REST URL exactly as the management answer gives it.
 */
export async function indexWithSdk(
  options: EmulatorOptions = {},
  name = "shop",
  server?: RunningEmulator,
): Promise<IndexWithSdk> {
  const running = server ?? (await emulator({ ...options, search: { endpoint: "url", ...options.search } }));
  const created = await management(running).create({ name, region: "eu-west-1", type: "payg" });
  const index = createdIndexSchema.parse(created.json);
  return { server: running, index, ...(await clientsFor(index)) };
}

/** SDK clients for an index, through a validating proxy to its REST URL. */
export async function clientsFor(index: CreatedIndex) {
  const url = new URL(index.endpoint);
  const proxy = await validatingProxy(url.origin);
  const restUrl = `${proxy}${url.pathname}`;
  const withToken = (token: string) =>
    new Search({ url: restUrl, token, retry: false, enableTelemetry: false });
  return { client: withToken(index.token), readOnly: withToken(index.read_only_token), withToken };
}

/** What an SDK call threw, for tests that expect a refusal. */
export async function refusal(call: Promise<unknown>): Promise<Error> {
  try {
    await call;
  } catch (error) {
    if (error instanceof Error) return error;
    throw error;
  }
  throw new Error("expected the call to be refused");
}
