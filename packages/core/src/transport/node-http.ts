import type { Agent, ClientRequest, IncomingHttpHeaders, IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import type { Readable, Transform } from "node:stream";
import { builtin } from "../lib/builtin.ts";
import type { ExchangeAnswer, ExchangeFunction } from "./exchange.ts";

type HttpModule = typeof import("node:http");

/**
 * The exchange through Node's own http and https modules, for requests with no proxy and no
 * dispatcher of the caller's: every action step and CLI command without a proxy. Node's fetch
 * took ~50 ms more than node:http to a first answer in a new process (loading undici, web
 * streams and node:crypto; a one-request `node -e` script: 121 vs 60 ms over http, 131 vs 82 ms
 * over https, `node -e 0` 41 ms), the largest single cost of a step's start (bench S1, S5, C1).
 * What fetch did besides sending is done here too: no redirect is followed, and gzip, deflate
 * and br answers are asked for and decoded (node:zlib is loaded only for a compressed answer).
 */
export function nodeHttpExchangeWith(connectTimeoutMs: number): ExchangeFunction {
  return (url, exchange, limit) => {
    const target = new URL(url);
    const https = target.protocol === "https:";
    const client = (https ? builtin("node:https") : builtin("node:http")) as HttpModule;
    const headers: Record<string, string> = { ...exchange.headers, "accept-encoding": "gzip, deflate, br" };
    if (exchange.body !== null) headers["content-length"] = String(exchange.body.byteLength);
    return new Promise<ExchangeAnswer>((resolve, reject) => {
      const request = client.request(target, {
        method: exchange.method,
        headers,
        signal: exchange.signal,
        agent: agentFor(client, https),
      });
      request.on("error", reject);
      request.on("socket", (socket) => limitConnect(request, socket, https, connectTimeoutMs));
      // A 101 nobody asked for: with no listener, Node drops the socket but fails nothing, and the
      // request would wait for its timeout. Fetch fails it at once, as a lost connection.
      request.on("upgrade", (_response, socket) => {
        socket.destroy();
        reject(
          Object.assign(new Error("the server switched protocols (101) unasked"), { code: "ECONNRESET" }),
        );
      });
      request.on("response", (response) => {
        readAnswer(response, exchange.method, limit).then(resolve, reject);
      });
      request.end(exchange.body ?? undefined);
    });
  };
}

/** As long as undici's fetch waits for a connection (and its TLS handshake) before giving up. */
export const CONNECT_TIMEOUT_MS = 10_000;

export const nodeHttpExchange: ExchangeFunction = nodeHttpExchangeWith(CONNECT_TIMEOUT_MS);

/**
 * Gives up on a connection not made within `ms`, as fetch did, with fetch's code: the retry
 * policy knows UND_ERR_CONNECT_TIMEOUT as a request that never left, safe to send again even when
 * it creates something. Node alone waits for the system's timeout (minutes), so the attempt's
 * own timeout would end it instead, as a failure that may have taken effect.
 */
function limitConnect(request: ClientRequest, socket: Socket, https: boolean, ms: number): void {
  // A kept-alive socket from the agent is connected already.
  if (!socket.connecting) return;
  const timer = setTimeout(() => {
    request.destroy(
      Object.assign(new Error(`connect timeout after ${ms} ms`), { code: "UND_ERR_CONNECT_TIMEOUT" }),
    );
  }, ms);
  const connected = () => clearTimeout(timer);
  socket.once(https ? "secureConnect" : "connect", connected);
  request.once("close", connected);
}

const agents = new Map<boolean, Agent>();

/**
 * One keep-alive agent per protocol, so a step's requests share connections. Idle connections
 * close after 4 s, before a server's usual 5 s, so a request never goes out on a connection the
 * server is closing; the agent unrefs idle ones, so they never keep the process alive.
 */
function agentFor(client: HttpModule, https: boolean): Agent {
  let agent = agents.get(https);
  if (!agent) {
    agent = new client.Agent({ keepAlive: true, timeout: 4_000, scheduling: "lifo" });
    agents.set(https, agent);
  }
  return agent;
}

/**
 * Reads at most `limit` bytes of the (decoded) body, as `readBody` does for fetch: an answer
 * that declares a longer length is not read at all, one that runs past the limit is cut off.
 */
function readAnswer(response: IncomingMessage, method: string, limit: number): Promise<ExchangeAnswer> {
  const status = response.statusCode ?? 0;
  const headers = flatHeaders(response.headers);
  const declared = headers["content-length"];
  if (declared !== undefined && /^\d+$/.test(declared) && Number(declared) > limit) {
    response.destroy();
    return Promise.resolve({ status, headers, text: "", tooLarge: true });
  }
  const body = hasBody(status, method, declared) ? decoded(response, headers["content-encoding"]) : response;
  return new Promise((resolve, reject) => {
    const decoder = new TextDecoder();
    let text = "";
    let bytes = 0;
    let settled = false;
    // An answer not read to its end (cut off, failed, undecodable) drops its connection, and any
    // decoder: left paused, the socket would stay busy, out of the agent's pool, and keep the
    // process alive until the server closed it; a decoder would go on inflating what it holds.
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      if (!response.readableEnded) response.destroy();
      body.destroy();
      outcome();
    };
    body.on("data", (chunk: Buffer) => {
      if (settled) return;
      bytes += chunk.byteLength;
      if (bytes > limit) {
        settle(() => resolve({ status, headers, text: text + decoder.decode(), tooLarge: true }));
        return;
      }
      text += decoder.decode(chunk, { stream: true });
    });
    body.on("end", () =>
      settle(() => resolve({ status, headers, text: text + decoder.decode(), tooLarge: false })),
    );
    body.on("error", (error) => settle(() => reject(error)));
    response.on("error", (error) => settle(() => reject(error)));
    // The connection closed before the body ended: what fetch reports as a socket error.
    response.on("close", () => {
      if (!response.complete)
        settle(() => reject(Object.assign(new Error("aborted"), { code: "ECONNRESET" })));
    });
  });
}

/** Whether the answer carries a body to decode: not a HEAD's, a 204's, a 304's or an empty one. */
function hasBody(status: number, method: string, declared: string | undefined): boolean {
  return method !== "HEAD" && status !== 204 && status !== 304 && declared !== "0";
}

/**
 * The body decoded as its Content-Encoding says, the codings undone last first ("deflate, gzip"
 * is gzip around deflate); with a coding it does not know among them, passed on as it is, as
 * fetch does. Each stage's error is passed on to the last, which is read.
 */
function decoded(response: IncomingMessage, encoding: string | undefined): Readable {
  if (encoding === undefined) return response;
  const codings = encoding.toLowerCase().split(",").reverse();
  // Own names only: "constructor" or "toString" is no coding, though the prototype has them.
  const makers = codings.map((coding) =>
    Object.hasOwn(DECODERS, coding.trim()) ? DECODERS[coding.trim()] : undefined,
  );
  if (!makers.every((make) => make !== undefined)) return response;
  const zlib = builtin("node:zlib");
  let body: Readable = response;
  for (const make of makers) {
    const decoder = make(zlib);
    body.on("error", (error) => decoder.destroy(error));
    body = body.pipe(decoder);
  }
  return body;
}

type Zlib = typeof import("node:zlib");

// Lenient about a missing end, as undici is: some servers cut the last block, and an empty body
// has none at all (node:zlib loaded only for a compressed answer).
const lenient = (zlib: Zlib) => ({
  flush: zlib.constants.Z_SYNC_FLUSH,
  finishFlush: zlib.constants.Z_SYNC_FLUSH,
});
const gunzip = (zlib: Zlib): Transform => zlib.createGunzip(lenient(zlib));
const DECODERS: Record<string, (zlib: Zlib) => Transform> = {
  gzip: gunzip,
  "x-gzip": gunzip,
  deflate: inflate,
  br: (zlib) =>
    zlib.createBrotliDecompress({
      flush: zlib.constants.BROTLI_OPERATION_FLUSH,
      finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH,
    }),
};

/**
 * "deflate" as servers send it: wrapped in zlib's header, as the standard says, or raw, as some
 * send it; told apart by the first byte (a zlib header's low 4 bits are 8), as undici does.
 */
function inflate(zlib: Zlib): Transform {
  const { Transform } = builtin("node:stream");
  let inner: Transform | undefined;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (chunk.byteLength === 0) return done();
      if (!inner) {
        const zlibWrapped = ((chunk[0] ?? 0) & 0x0f) === 0x08;
        inner = zlibWrapped ? zlib.createInflate(lenient(zlib)) : zlib.createInflateRaw(lenient(zlib));
        inner.on("data", (data: Buffer) => this.push(data));
        inner.on("error", (error) => this.destroy(error));
      }
      inner.write(chunk, () => done());
    },
    flush(done) {
      if (!inner) return done();
      inner.once("end", () => done());
      inner.end();
    },
    destroy(error, done) {
      inner?.destroy();
      done(error);
    },
  });
}

/** Lower-case names, each with one value: repeated ones joined with ", " as fetch's Headers joins them. */
function flatHeaders(raw: IncomingHttpHeaders): Record<string, string | undefined> {
  const flat: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(raw))
    flat[name] = Array.isArray(value) ? value.join(", ") : value;
  return flat;
}
