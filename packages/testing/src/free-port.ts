import { createServer } from "node:net";

// Below Linux's ephemeral range (32768-60999 by default), from which every `listen(0)` is given a
// port: a port taken here cannot be handed meanwhile to another server of the same test run that
// listens on port 0, as a just-released ephemeral port could.
const LOWEST = 20_000;
const HIGHEST = 32_767;

async function listensOn(port: number): Promise<number | undefined> {
  const server = createServer();
  const taken = await new Promise<number | undefined>((resolve) => {
    server.once("error", () => resolve(undefined));
    server.listen(port, "127.0.0.1", () => resolve((server.address() as { port: number }).port));
  });
  if (taken !== undefined) await new Promise<void>((resolve) => server.close(() => resolve()));
  return taken;
}

/**
 * A loopback port nothing listens on now: for a server that must know its port before it starts
 * (a stand-in a child process is configured with). Taken by whoever listens first.
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = LOWEST + Math.floor(Math.random() * (HIGHEST - LOWEST + 1));
    const taken = await listensOn(port);
    if (taken !== undefined) return taken;
  }
  const any = await listensOn(0);
  if (any === undefined) throw new Error("no free loopback port");
  return any;
}
