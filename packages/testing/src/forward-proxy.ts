import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from "node:http";
import { type AddressInfo, connect, type Socket } from "node:net";

/**
 * How the proxy behaves: `forward` passes everything on; `hang` accepts connections and
 * requests and never answers (a proxy that stalls); `refuse-credentials` answers every tunnel and
 * request with 407 Proxy Authentication Required.
 */
export type ForwardProxyMode = "forward" | "hang" | "refuse-credentials";

export interface ForwardProxy {
  url: string;
  /** What passed through, e.g. `CONNECT 127.0.0.1:40123` or `GET http://…`. */
  seen: string[];
  stop(): Promise<void>;
}

const REFUSAL =
  'HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="proxy"\r\nContent-Length: 0\r\n\r\n';

/** A real forward proxy on loopback: CONNECT tunnels and absolute-form requests, each recorded. */
export async function startForwardProxy(options: { mode?: ForwardProxyMode } = {}): Promise<ForwardProxy> {
  const mode = options.mode ?? "forward";
  const seen: string[] = [];
  const held = new Set<Socket>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    seen.push(`${req.method} ${req.url}`);
    if (mode === "hang") {
      held.add(req.socket);
      return;
    }
    if (mode === "refuse-credentials") {
      res.writeHead(407, { "proxy-authenticate": 'Basic realm="proxy"' }).end();
      return;
    }
    const target = new URL(req.url ?? "/");
    const upstream = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: req.method,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  });
  server.on("connect", (req, socket: Socket, head) => {
    seen.push(`CONNECT ${req.url}`);
    if (mode === "hang") {
      held.add(socket);
      return;
    }
    if (mode === "refuse-credentials") {
      socket.end(REFUSAL);
      return;
    }
    const [host, port] = (req.url ?? "").split(":");
    const upstream = connect(Number(port), host, () => {
      socket.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    upstream.on("error", () => socket.destroy());
    socket.on("error", () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        for (const socket of held) socket.destroy();
      }),
  };
}
