import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { DEFAULT_ACCOUNT } from "@stashkit/emulator";
import { basicAuthorization, temporaryFolder } from "@stashkit/testing";
import { root } from "./environment.ts";
import { check, type Scenario } from "./suite.ts";

const BASIC = basicAuthorization(DEFAULT_ACCOUNT);

async function startBin(
  dataFile: string,
): Promise<{ url: string; child: ChildProcess; exited: Promise<unknown> }> {
  const child = spawn(
    process.execPath,
    [join(root, "packages/emulator/dist/bin.js"), "--port", "0", "--data-file", dataFile],
    {
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  const exited = new Promise((resolve) => child.on("exit", resolve));
  let banner = "";
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      banner += chunk.toString();
      const found = /listening on (http:\/\/\S+)/.exec(banner)?.[1];
      if (found) resolve(found);
    });
    child.once("exit", () => reject(new Error("the emulator exited before listening")));
  });
  return { url, child, exited };
}

/** SIGKILL in the middle of a burst of creates: every acknowledged index survives the restart. */
export function durabilityScenarios(): Scenario[] {
  return [
    {
      section: "emulator durability",
      name: "SIGKILL during 80 concurrent creates, then restart",
      async run() {
        const dataFile = join(temporaryFolder("stashkit-durability-"), "state.json");
        const first = await startBin(dataFile);
        const acknowledged: string[] = [];
        const burst = Array.from({ length: 80 }, async (_, n) => {
          try {
            const response = await fetch(`${first.url}/v2/search`, {
              method: "POST",
              headers: { authorization: BASIC },
              body: JSON.stringify({ name: `burst-${n}`, region: "eu-west-1", type: "free" }),
            });
            if (response.ok) acknowledged.push(((await response.json()) as { id: string }).id);
          } catch {
            // cut off by the kill: never acknowledged
          }
        });
        while (acknowledged.length < 10) await new Promise((resolve) => setImmediate(resolve));
        first.child.kill("SIGKILL");
        await Promise.all(burst);
        await first.exited;

        const second = await startBin(dataFile);
        try {
          const listed = (await (
            await fetch(`${second.url}/v2/search`, { headers: { authorization: BASIC } })
          ).json()) as { id: string }[];
          const ids = new Set(listed.map((index) => index.id));
          const lost = acknowledged.filter((id) => !ids.has(id));
          check(lost.length === 0, `${lost.length} of ${acknowledged.length} acknowledged creates were lost`);
          const onDisk = JSON.parse(readFileSync(dataFile, "utf8")) as { indexes: unknown[] };
          check(
            onDisk.indexes.length >= acknowledged.length,
            "the data file holds fewer indexes than were acknowledged",
          );
        } finally {
          second.child.kill("SIGTERM");
          await second.exited;
        }
      },
    },
  ];
}
