// The API's requests go through node:http (src/transport/node-http.ts) when there is no proxy and
// no dispatcher: these tests hold it to what Node's fetch (the path it replaced, still used behind
// a proxy) gives for the same answers, over real HTTP on loopback.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { type AddressInfo, connect, createServer as createTcpServer } from "node:net";
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { ConnectionError, DeadlineExceededError, ManagementClient } from "../src/index.ts";
import type { Exchange, ExchangeFunction } from "../src/transport/exchange.ts";
import { fetchExchange } from "../src/transport/fetch-exchange.ts";
import { nodeHttpExchange, nodeHttpExchangeWith } from "../src/transport/node-http.ts";
import { caught, onCleanup } from "./helpers.ts";

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

async function serve(handler: Handler): Promise<string> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  onCleanup(() => new Promise<void>((resolve) => server.close(() => resolve())));
  onCleanup(() => server.closeAllConnections());
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const viaFetch = fetchExchange(globalThis.fetch, undefined);
const get = (signal = new AbortController().signal): Exchange => ({
  method: "GET",
  headers: { accept: "application/json" },
  body: null,
  signal,
});

/** The same exchange through both paths. */
async function both(url: string, limit = 1024, exchange = get()) {
  const run = (send: ExchangeFunction) => send(url, exchange, limit);
  return { ours: await run(nodeHttpExchange), fetch: await run(viaFetch) };
}

const CODINGS = {
  gzip: (body: string) => gzipSync(body),
  deflate: (body: string) => deflateSync(body),
  br: (body: string) => brotliCompressSync(body),
};

describe("the node:http exchange answers as fetch does", () => {
  it.each(Object.keys(CODINGS) as (keyof typeof CODINGS)[])("decodes a %s answer", async (coding) => {
    const seen: string[] = [];
    const url = await serve((request, response) => {
      seen.push(String(request.headers["accept-encoding"]));
      response.writeHead(200, { "content-type": "application/json", "content-encoding": coding });
      response.end(CODINGS[coding]('[{"name":"caf\u00e9"}]'));
    });
    const { ours, fetch } = await both(url);
    expect(ours.text).toBe('[{"name":"caf\u00e9"}]');
    expect(ours.text).toBe(fetch.text);
    expect(seen[0]).toContain(coding);
  });

  it("decodes UTF-8 split across chunks, joins repeated headers, follows no redirect", async () => {
    const url = await serve((_request, response) => {
      response.writeHead(302, [
        ["location", "http://127.0.0.1:1/elsewhere"],
        ["x-part", "a"],
        ["x-part", "b"],
      ]);
      const bytes = Buffer.from('"\u00e9\u{1f600}"');
      response.write(bytes.subarray(0, 2));
      setImmediate(() => response.end(bytes.subarray(2)));
    });
    const { ours, fetch } = await both(url);
    expect(ours.status).toBe(302);
    expect(ours.text).toBe('"\u00e9\u{1f600}"');
    expect([ours.status, ours.text, ours.headers["x-part"], ours.headers["location"]]).toEqual([
      fetch.status,
      fetch.text,
      fetch.headers["x-part"],
      fetch.headers["location"],
    ]);
  });

  it("reads no further than the limit, declared or streamed", async () => {
    const declared = await serve((_request, response) => {
      response.writeHead(200, { "content-length": "2000" });
      response.end("x".repeat(2000));
    });
    const streamed = await serve((_request, response) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.write("y".repeat(600));
      setImmediate(() => response.end("y".repeat(600)));
    });
    const first = await both(declared);
    expect(first.ours).toMatchObject({ text: "", tooLarge: true });
    expect(first.fetch).toMatchObject({ text: "", tooLarge: true });
    const second = await both(streamed);
    expect(second.ours).toMatchObject({ text: "y".repeat(600), tooLarge: true });
    expect(second.fetch.tooLarge).toBe(true);
  });

  it("fails with ECONNRESET when the connection drops mid-body, like fetch's socket error", async () => {
    const url = await serve((_request, response) => {
      response.writeHead(200, { "content-length": "100" });
      response.write("[");
      setImmediate(() => response.socket?.destroy());
    });
    const ours = await caught(() => nodeHttpExchange(url, get(), 1024));
    expect((ours as { code?: string }).code).toBe("ECONNRESET");
    await expect(viaFetch(url, get(), 1024)).rejects.toThrow();
  });

  it("stops when its signal aborts, the answer half read", async () => {
    const url = await serve((_request, response) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.write("[");
    });
    const controller = new AbortController();
    const pending = nodeHttpExchange(url, get(controller.signal), 1024);
    setTimeout(() => controller.abort(), 20);
    await expect(pending).rejects.toThrow();
  });

  it("gives the client a compressed listing as a plain one, and a refused port as ECONNREFUSED", async () => {
    const url = await serve((_request, response) => {
      response.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip" });
      response.end(gzipSync("[]"));
    });
    const client = (baseUrl: string) =>
      new ManagementClient({
        email: "a@example.com",
        apiKey: "k",
        baseUrl,
        env: {},
        retry: { maxAttempts: 1 },
      });
    expect(await client(url).searchIndexes.list()).toEqual([]);
    const refused = client("http://127.0.0.1:1");
    const error = await caught(() => refused.searchIndexes.list());
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as ConnectionError).code).toBe("ECONNREFUSED");
  });

  it.each(Object.keys(CODINGS))("reads an empty %s answer as empty, as fetch does", async (coding) => {
    const url = await serve((_request, response) => {
      response.writeHead(200, { "content-encoding": coding });
      response.end();
    });
    const { ours, fetch } = await both(url);
    expect(ours).toMatchObject({ status: 200, text: "", tooLarge: false });
    expect(ours.text).toBe(fetch.text);
  });

  it.each([
    ["undoes stacked codings last first", "deflate, gzip", gzipSync(deflateSync("[7]")), "[7]"],
    [
      "reads a raw deflate answer (no zlib header)",
      "deflate",
      deflateRawSync('{"raw":true}'),
      '{"raw":true}',
    ],
    ["passes on as it is an answer in a coding named like an object's property", "constructor", "[]", "[]"],
  ])("%s, as fetch does", async (_case, coding, body, text) => {
    const url = await serve((_request, response) => {
      response.writeHead(200, { "content-encoding": coding });
      response.end(body);
    });
    const { ours, fetch } = await both(url);
    expect(ours.text).toBe(text);
    expect(ours.text).toBe(fetch.text);
  });

  it("drops the connection of an answer it cannot decode, so it does not keep the process alive", async () => {
    let closed: Promise<unknown> | undefined;
    const url = await serve((request, response) => {
      closed = once(request.socket, "close");
      response.writeHead(200, { "content-encoding": "gzip" });
      // Not gzip, and the answer is never ended: only the client can free the connection.
      response.write("this is not gzip at all, not even close");
    });
    const error = await caught(() => nodeHttpExchange(url, get(), 1024));
    expect((error as { code?: string }).code).toBe("Z_DATA_ERROR");
    await closed;
  });

  it("keeps a connection read to its end for the next request, and drops one cut off at the limit", async () => {
    const connections: unknown[] = [];
    let cutOffClosed: Promise<unknown> | undefined;
    const url = await serve((request, response) => {
      if (!connections.includes(request.socket)) connections.push(request.socket);
      response.writeHead(200, { "content-encoding": "gzip" });
      // The cut-off answer is never ended: only the client can free its connection.
      if (request.url === "/long") {
        cutOffClosed = once(request.socket, "close");
        response.write(gzipSync("z".repeat(5000)));
      } else response.end(gzipSync('"whole"'));
    });
    expect((await nodeHttpExchange(`${url}/`, get(), 1024)).text).toBe('"whole"');
    expect((await nodeHttpExchange(`${url}/`, get(), 1024)).text).toBe('"whole"');
    expect(connections).toHaveLength(1);
    expect(await nodeHttpExchange(`${url}/long`, get(), 1024)).toMatchObject({ tooLarge: true });
    expect((await nodeHttpExchange(`${url}/`, get(), 1024)).text).toBe('"whole"');
    expect(connections).toHaveLength(2);
    await cutOffClosed;
  });

  // A second Node process loading TypeScript: seconds on a loaded CI machine.
  it("leaves no connection that keeps the process alive once its answers are read or failed", {
    timeout: 120_000,
  }, async () => {
    const url = await serve((request, response) => {
      if (request.url === "/bad") {
        // Undecodable, and never ended: only the client can free this connection.
        response.writeHead(200, { "content-encoding": "gzip" });
        response.write("not gzip");
      } else response.end("[1]");
    });
    const module = new URL("../src/transport/node-http.ts", import.meta.url).href;
    const script = [
      `const { nodeHttpExchange } = await import(${JSON.stringify(module)});`,
      "const get = { method: 'GET', headers: {}, body: null, signal: new AbortController().signal };",
      `console.log((await nodeHttpExchange(${JSON.stringify(`${url}/`)}, get, 1024)).text);`,
      `await nodeHttpExchange(${JSON.stringify(`${url}/bad`)}, get, 1024).catch((e) => console.log(e.code));`,
    ].join("\n");
    const child = spawn(process.execPath, ["--input-type=module", "-e", script], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    onCleanup(() => {
      child.kill();
    });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += String(chunk);
    });
    // The server keeps both connections open: the child ends only if the client lets go of them.
    const [code] = await once(child, "exit");
    expect([code, output]).toEqual([0, "[1]\nZ_DATA_ERROR\n"]);
  });

  it("fails at once, as a lost connection, on a switch of protocols (101) it did not ask for", async () => {
    const server = createTcpServer((socket) => {
      socket.once("data", () =>
        socket.write("HTTP/1.1 101 Switching Protocols\r\nConnection: upgrade\r\nUpgrade: x\r\n\r\n"),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    onCleanup(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const ours = await caught(() => nodeHttpExchange(url, get(), 1024));
    expect((ours as { code?: string }).code).toBe("ECONNRESET");
    await expect(viaFetch(url, get(), 1024)).rejects.toThrow();
  });

  it("gives up on a connection never accepted with fetch's code, one retried as never sent", async () => {
    const port = await unacceptingPort();
    // Two connections fill the backlog (1) of a listener that never accepts; later ones wait.
    const fillers = [0, 1, 2, 3].map(() => connect(port, "127.0.0.1"));
    onCleanup(() => {
      for (const socket of fillers) socket.destroy();
    });
    await once(fillers[0] as NonNullable<(typeof fillers)[0]>, "connect");
    const error = await caught(() => nodeHttpExchangeWith(50)(`http://127.0.0.1:${port}/`, get(), 1024));
    expect((error as { code?: string }).code).toBe("UND_ERR_CONNECT_TIMEOUT");
    expect(error.message).toContain("connect timeout");
  });
});

describe("stacked codings and the deadline", () => {
  it.each([6, 2_000])(
    "refuses an answer in %i stacked codings unread, as fetch does (5 at most)",
    async (count) => {
      let body = Buffer.from("[]");
      for (let i = 0; i < count; i++) body = gzipSync(body);
      const url = await serve((_request, response) => {
        response.writeHead(200, { "content-encoding": Array(count).fill("gzip").join(", ") });
        response.end(body);
      });
      const ours = await caught(() => nodeHttpExchange(url, get(), 1024));
      expect(ours.message).toBe(`too many content-encodings in response: ${count}, maximum allowed is 5`);
      const fetchError = await caught(() => viaFetch(url, get(), 1024));
      expect((fetchError.cause as Error).message).toBe(ours.message);
      const client = new ManagementClient({ email: "a@example.com", apiKey: "k", baseUrl: url, env: {} });
      const error = await caught(() => client.searchIndexes.list());
      expect(error).toBeInstanceOf(ConnectionError);
      expect(error.message).toContain(`too many content-encodings in response: ${count}`);
    },
  );

  it("undoes five stacked codings, as fetch does", async () => {
    const url = await serve((_request, response) => {
      response.writeHead(200, { "content-encoding": "gzip, deflate, br, gzip, x-gzip" });
      response.end(gzipSync(gzipSync(brotliCompressSync(deflateSync(gzipSync("[5]"))))));
    });
    const { ours, fetch } = await both(url);
    expect(ours.text).toBe("[5]");
    expect(fetch.text).toBe("[5]");
  });

  // A body received whole in a moment whose decoding takes hours: only the signal can end it.
  it("stops decoding when its signal aborts, the body received whole", { timeout: 120_000 }, async () => {
    const bomb = decodingBomb();
    const controller = new AbortController();
    const url = await serve((_request, response) => {
      response.writeHead(200, { "content-encoding": "gzip, gzip, gzip, gzip" });
      // Aborted once the whole body is on its way, and a moment after, so that the client has it.
      response.end(bomb, () => setTimeout(() => controller.abort(), 200));
    });
    const ours = await caught(() => nodeHttpExchange(url, get(controller.signal), 1024));
    expect(ours.name).toBe("AbortError");
    const again = new AbortController();
    const pending = viaFetch(url, get(again.signal), 1024);
    setTimeout(() => again.abort(), 400);
    await expect(pending).rejects.toThrow();
  });

  it("ends a call at its deadline while an answer is being decoded", { timeout: 120_000 }, async () => {
    const bomb = decodingBomb();
    const url = await serve((_request, response) => {
      response.writeHead(200, { "content-encoding": "gzip, gzip, gzip, gzip" });
      response.end(bomb);
    });
    const client = new ManagementClient({
      email: "a@example.com",
      apiKey: "k",
      baseUrl: url,
      env: {},
      deadlineMs: 1_000,
    });
    const error = await caught(() => client.searchIndexes.list());
    expect(error).toBeInstanceOf(DeadlineExceededError);
  });
});

/**
 * A few kilobytes of gzip that decode, layer by layer, into ~5 x 10^10 empty gzip members: the
 * last layer yields nothing (no size limit is ever reached) after hours of work. Each layer is
 * its inner layer's gzip repeated as concatenated members, which multiplies the work cheaply.
 */
function decodingBomb(): Buffer {
  const emptyMembers = Buffer.concat(Array<Buffer>(50_000).fill(gzipSync("")));
  const second = Buffer.concat(Array<Buffer>(1_000).fill(gzipSync(emptyMembers)));
  const third = Buffer.concat(Array<Buffer>(1_000).fill(gzipSync(second)));
  return gzipSync(third);
}

/** A port whose listener (in a child process that blocks at once) never accepts a connection. */
async function unacceptingPort(): Promise<number> {
  const script = [
    'const server = require("node:net").createServer();',
    'server.listen({ port: 0, host: "127.0.0.1", backlog: 1 }, () => {',
    '  require("node:fs").writeSync(1, String(server.address().port) + "\\n");',
    "  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);",
    "});",
  ].join("\n");
  const child = spawn(process.execPath, ["-e", script], { stdio: ["ignore", "pipe", "inherit"] });
  onCleanup(() => {
    child.kill();
  });
  const [line] = await once(child.stdout, "data");
  return Number(String(line).trim());
}
