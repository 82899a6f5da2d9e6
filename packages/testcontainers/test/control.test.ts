// The control client against small servers of this test's own (no container needed): the
// control token goes to the container's address only, never on through a redirect.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { ControlClient } from "../src/control.ts";
import { EmulatorControlError } from "../src/index.ts";

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function listen(server: Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("ControlClient", () => {
  it.each([301, 302, 307, 308])(
    "follows no %i redirect: the token never reaches another origin",
    async (status) => {
      const reached: (string | undefined)[] = [];
      const elsewhere = await listen(
        createServer((req, res) => {
          reached.push(req.headers["x-stashkit-control-token"] as string | undefined);
          res.writeHead(200, { "content-type": "application/json" }).end('{"fired":1}');
        }),
      );
      const container = await listen(
        createServer((req, res) => res.writeHead(status, { location: `${elsewhere}${req.url}` }).end()),
      );
      const client = new ControlClient(container, "ctl-secret-2");
      const error = await client.call("POST", "/clock/advance", { ms: 1 }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(EmulatorControlError);
      expect((error as EmulatorControlError).message).toBe(
        `POST /__stashkit/clock/advance answered ${status}: a redirect to ${elsewhere}, not followed (the control token goes only to the container's own address)`,
      );
      expect((error as Error).message).not.toContain("ctl-secret-2");
      expect(reached).toEqual([]);
    },
  );

  it("sends the token to the container's own address and reads its answer", async () => {
    const tokens: (string | undefined)[] = [];
    const container = await listen(
      createServer((req, res) => {
        tokens.push(req.headers["x-stashkit-control-token"] as string | undefined);
        res.writeHead(200, { "content-type": "application/json" }).end('{"fired":2}');
      }),
    );
    expect(await new ControlClient(container, "ctl-secret-3").call("POST", "/clock/advance", {})).toEqual({
      fired: 2,
    });
    expect(tokens).toEqual(["ctl-secret-3"]);
  });
});
