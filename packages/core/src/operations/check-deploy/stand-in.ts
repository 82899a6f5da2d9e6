import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { builtin } from "../../lib/builtin.ts";
import type { RawStep } from "../../schemas/workflow-runs.ts";

/** A request the new build sent to what it takes for QStash. */
export interface StandInRequest {
  method: string;
  /** The path without the query string. */
  path: string;
}

/**
 * What the new build talks to instead of QStash while it is checked (its `QSTASH_URL`): every
 * request is recorded and answered as QStash would, and nothing goes further, so a replay has no
 * side effect on the account. It serves run histories for the SDK's lazy fetch (`GET
 * /v2/workflows/runs/{id}`) of the runs it is given, which proves the build is wired to it.
 */
export class QStashStandIn {
  readonly #server: Server;
  readonly #histories = new Map<string, RawStep[]>();
  readonly #requests: StandInRequest[] = [];
  #messages = 0;

  private constructor(server: Server) {
    this.#server = server;
    server.on("request", (req, res) => void this.#answer(req, res));
  }

  /** Listens on `host:port` (loopback by default); fails when the port is taken. */
  static async start(options: { port: number; host?: string }): Promise<QStashStandIn> {
    // Loaded here, not imported: an ES module importing node:http makes Node load undici too
    // (http's WebSocket getter), ~45 ms of every command that shares core's chunk (bench C1).
    const server = builtin("node:http").createServer();
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(options.port, options.host ?? "127.0.0.1", () => {
        server.off("error", reject);
        resolve();
      });
    });
    return new QStashStandIn(server);
  }

  get url(): string {
    const { address, port } = this.#server.address() as AddressInfo;
    return `http://${address.includes(":") ? `[${address}]` : address}:${port}`;
  }

  /** The history to answer a lazy fetch of this run with. */
  serveHistory(workflowRunId: string, steps: RawStep[]): void {
    this.#histories.set(workflowRunId, steps);
  }

  /** How many requests came so far: a mark to read what one replay caused (`since`). */
  get count(): number {
    return this.#requests.length;
  }

  since(mark: number): StandInRequest[] {
    return this.#requests.slice(mark);
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => {
      this.#server.close(() => resolve());
      this.#server.closeAllConnections();
    });
  }

  async #answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? "/", "http://stand-in");
    const request = { method: req.method ?? "GET", path: url.pathname };
    this.#requests.push(request);
    const { status, body } = this.#reply(request, Buffer.concat(chunks).toString("utf8"));
    res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
  }

  #reply(request: StandInRequest, body: string): { status: number; body: unknown } {
    const run = /^\/v2\/workflows\/runs\/([^/]+)$/.exec(request.path)?.[1];
    if (request.method === "GET" && run !== undefined) {
      const history = this.#histories.get(decodeURIComponent(run));
      return history === undefined
        ? { status: 404, body: { error: "workflow run not found" } }
        : { status: 200, body: history };
    }
    if (request.path === "/v2/batch") {
      const items = parsedArray(body);
      return { status: 200, body: items.map(() => ({ messageId: this.#nextMessageId() })) };
    }
    if (request.path.startsWith("/v2/publish/")) {
      return { status: 200, body: { messageId: this.#nextMessageId() } };
    }
    return { status: 200, body: {} };
  }

  #nextMessageId(): string {
    this.#messages += 1;
    return `msg_stashkit_stand_in_${this.#messages}`;
  }
}

function parsedArray(text: string): unknown[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value : [value];
  } catch {
    return [];
  }
}
