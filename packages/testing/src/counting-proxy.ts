import { createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";

export interface CountingProxy {
  /** Use as the base URL instead of the target's. */
  url: string;
  /** The most requests that were in flight at one time. */
  maxInFlight(): number;
  stop(): Promise<void>;
}

/**
 * A reverse proxy on loopback that forwards every request to `target` and counts how many are
 * in flight at once: how a test sees that a step works concurrently, and within its bound.
 */
export async function startCountingProxy(target: string): Promise<CountingProxy> {
  const upstream = new URL(target);
  let inFlight = 0;
  let max = 0;
  const server = createServer((req, res) => {
    inFlight++;
    max = Math.max(max, inFlight);
    let done = false;
    const finish = () => {
      if (!done) inFlight--;
      done = true;
    };
    res.on("close", finish);
    const forwarded = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: req.url,
        method: req.method,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forwarded.on("error", () => res.destroy());
    req.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    maxInFlight: () => max,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
