import type { Agent, ClientRequest, IncomingHttpHeaders, IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import type { Readable, Transform } from "node:stream";
import { builtin } from "../lib/builtin.ts";
import type { Exchange, ExchangeAnswer, ExchangeFunction } from "./exchange.ts";

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
        readAnswer(response, exchange, limit).then(resolve, reject);
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

/** As many codings as undici's fetch undoes: it refuses an answer with more (its fix for CVE-2022-32206's kind). */
export const MAX_CONTENT_CODINGS = 5;

/** Statuses whose answer has no body to decode, as fetch counts them (101 never gets here). */
const NULL_BODY_STATUSES = [204, 205, 304];

/**
 * Reads at most `limit` bytes of the (decoded) body, as `readBody` does for fetch: an answer
 * that declares a longer length is not read at all, one that runs past the limit is cut off.
 * An answer with more codings than fetch undoes is refused unread, and the exchange's signal
 * stops the decoding too: a body received whole can take far longer to decode than to send.
 */
function readAnswer(response: IncomingMessage, exchange: Exchange, limit: number): Promise<ExchangeAnswer> {
  const status = response.statusCode ?? 0;
  const headers = flatHeaders(response.headers);
  const declared = headers["content-length"];
  const codings = decodes(status, exchange.method) ? codingsOf(headers["content-encoding"]) : [];
  if (codings.length > MAX_CONTENT_CODINGS) {
    response.destroy();
    const message = `too many content-encodings in response: ${codings.length}, maximum allowed is ${MAX_CONTENT_CODINGS}`;
    return Promise.reject(new Error(message));
  }
  if (declared !== undefined && /^\d+$/.test(declared) && Number(declared) > limit) {
    response.destroy();
    return Promise.resolve({ status, headers, text: "", tooLarge: true });
  }
  const stages = declared !== "0" ? decoded(response, codings) : [response];
  const body = stages[stages.length - 1] as Readable;
  return new Promise((resolve, reject) => {
    const decoder = new TextDecoder();
    let text = "";
    let bytes = 0;
    let settled = false;
    // An answer not read to its end (cut off, failed, undecodable, stopped) drops its connection
    // and every decoder: left paused, the socket would stay busy, out of the agent's pool, and
    // keep the process alive until the server closed it; a decoder would go on inflating.
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      exchange.signal.removeEventListener("abort", stopped);
      if (!response.readableEnded) response.destroy();
      for (const stage of stages) stage.destroy();
      outcome();
    };
    const stopped = () => settle(() => reject(exchange.signal.reason));
    if (exchange.signal.aborted) return stopped();
    exchange.signal.addEventListener("abort", stopped);
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

/** Whether an answer's codings are undone, as fetch decides: not a HEAD's, nor one with a null-body status. */
function decodes(status: number, method: string): boolean {
  return method !== "HEAD" && !NULL_BODY_STATUSES.includes(status);
}

/** The codings a Content-Encoding names, in the order they were applied. */
function codingsOf(encoding: string | undefined): string[] {
  return encoding === undefined ? [] : encoding.toLowerCase().split(",");
}

/**
 * The body's stages, the response first and the decoded body last: the codings undone last
 * first ("deflate, gzip" is gzip around deflate); with a coding it does not know among them,
 * passed on as it is, as fetch does. Each stage's error is passed on to the last, which is read.
 */
function decoded(response: IncomingMessage, codings: readonly string[]): Readable[] {
  // Own names only: "constructor" or "toString" is no coding, though the prototype has them.
  const makers = codings
    .toReversed()
    .map((coding) => (Object.hasOwn(DECODERS, coding.trim()) ? DECODERS[coding.trim()] : undefined));
  if (makers.length === 0 || !makers.every((make) => make !== undefined)) return [response];
  const zlib = builtin("node:zlib");
  const stages: Readable[] = [response];
  for (const make of makers) {
    const previous = stages[stages.length - 1] as Readable;
    const decoder = make(zlib);
    previous.on("error", (error) => decoder.destroy(error));
    stages.push(previous.pipe(decoder));
  }
  return stages;
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
