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
  const proxy: ProxyState = { mode: options.mode ?? "forward", seen: [], held: new Set<Socket>() };
  const server = createServer((req, res) => forwardRequest(proxy, req, res));
  server.on("connect", (req: IncomingMessage, socket: Socket, head: Buffer) =>
    openTunnel(proxy, req, socket, head),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen: proxy.seen,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        for (const socket of proxy.held) socket.destroy();
      }),
  };
}

interface ProxyState {
  mode: ForwardProxyMode;
  seen: string[];
  /** Sockets a hanging proxy keeps open until it stops. */
  held: Set<Socket>;
}

/** An absolute-form request (`GET http://host/path`), passed on as it came. */
function forwardRequest(proxy: ProxyState, req: IncomingMessage, res: ServerResponse): void {
  proxy.seen.push(`${req.method} ${req.url}`);
  if (proxy.mode === "hang") {
    proxy.held.add(req.socket);
    return;
  }
  if (proxy.mode === "refuse-credentials") {
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
}

/** A CONNECT tunnel (what HTTPS through a proxy uses), joined to the target's socket. */
function openTunnel(proxy: ProxyState, req: IncomingMessage, socket: Socket, head: Buffer): void {
  proxy.seen.push(`CONNECT ${req.url}`);
  if (proxy.mode === "hang") {
    proxy.held.add(socket);
    return;
  }
  if (proxy.mode === "refuse-credentials") {
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
}
