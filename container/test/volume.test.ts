import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runToEnd, start, volume } from "./containers.ts";

const messaging = {
  authorization: "Bearer stashkit-emulator-qstash-token",
  "content-type": "application/json",
};

async function makeQueue(url: string, queueName: string): Promise<void> {
  const made = await fetch(`${url}/v2/queues`, {
    method: "POST",
    headers: messaging,
    body: JSON.stringify({ queueName, parallelism: 3 }),
  });
  expect(made.status).toBe(200);
}

async function queueNames(url: string): Promise<string[]> {
  const listed = await fetch(`${url}/v2/queues`, { headers: messaging });
  return ((await listed.json()) as { name: string }[]).map((queue) => queue.name);
}

describe("the data volume", () => {
  it("keeps the state across a restart on the same volume, and SIGTERM stops it cleanly", async () => {
    const data = await volume();
    const first = await start({ mounts: [`${data}:/data`] });
    await makeQueue(first.url, "orders");

    expect(await first.stop()).toBe(0);
    const second = await start({ mounts: [`${data}:/data`] });

    expect(await queueNames(second.url)).toEqual(["orders"]);
    expect(await second.stop()).toBe(0);
  });

  it("writes the export file on stop with STASHKIT_EXPORT_ON_EXIT", async () => {
    const data = await volume();
    const running = await start({
      mounts: [`${data}:/data`],
      env: { STASHKIT_EXPORT_ON_EXIT: "/data/export.json", STASHKIT_DATA_FILE: "" },
    });
    await makeQueue(running.url, "exported");

    expect(await running.stop()).toBe(0);
    const read = await runToEnd({
      mounts: [`${data}:/data`],
      args: ["--entrypoint", "cat"],
      command: ["/data/export.json"],
    });

    expect(read.code).toBe(0);
    const snapshot = JSON.parse(read.output) as {
      format: string;
      state: { queues: Record<string, unknown> };
    };
    expect(snapshot.format).toBe("stashkit-emulator-snapshot");
    expect(Object.keys(snapshot.state.queues)).toEqual(["exported"]);
  });

  describe("a folder it cannot write", () => {
    const folder = mkdtempSync(join(tmpdir(), "stashkit-readonly-volume-"));
    afterAll(() => rmSync(folder, { recursive: true, force: true }));

    it("says so in one line naming the data file and exits non-zero", async () => {
      // Owned by root (this test's user) and not writable by others: the image's user cannot write it.
      const ran = await runToEnd({ mounts: [`${folder}:/data`] });

      expect(ran.code).not.toBe(0);
      expect(ran.output.trim().split("\n")).toHaveLength(1);
      expect(ran.output).toMatch(
        /^stashkit-emulator: data file "\/data\/stashkit\.db" cannot be (read|used: it cannot be written) \(EACCES for uid 1000: give it a folder that user can read and write\)$/m,
      );
    });
  });
});

describe("settings from STASHKIT_* variables", () => {
  it.each([
    [{ STASHKIT_PROT: "8080" }, /STASHKIT_PROT is not a setting of the emulator/],
    [{ STASHKIT_PORT: "http" }, /STASHKIT_PORT must be a whole number, got "http"/],
    [{ STASHKIT_SEARCH_RATE_LIMITS: "on" }, /STASHKIT_SEARCH_RATE_LIMITS must be off or index, got "on"/],
  ])("%o stops the container with one line naming it", async (env, message) => {
    const ran = await runToEnd({ env });

    expect(ran.code).toBe(2);
    expect(ran.output.trim().split("\n")).toHaveLength(1);
    expect(ran.output).toMatch(message);
  });

  it("a bad credential setting is named without its value", async () => {
    const ran = await runToEnd({ env: { STASHKIT_ACCOUNT: "not-an-account-secret" } });
    expect(ran.code).toBe(2);
    expect(ran.output).toMatch(/STASHKIT_ACCOUNT must look like EMAIL:API_KEY/);
    expect(ran.output).not.toContain("not-an-account-secret");
  });
});
