import { join } from "node:path";
import type { RunningEmulator } from "@stashkit/emulator";
import { errorLines, managementEnv, runAction } from "@stashkit/testing";
import { emulator, tempFolder } from "@stashkit/testing/vitest";
import { describe, expect, it } from "vitest";

const actionDir = join(import.meta.dirname, "..");

/** Main step, then post step in the same run folder, as the runner does at the end of the job. */
async function mainThenPost(
  server: RunningEmulator,
  inputs: Record<string, string>,
  mainEnv: Record<string, string> = {},
  postInputs: Record<string, string> = {},
) {
  const options = {
    actionDir,
    inputs: { name: "it-{run_id}", region: "eu-west-1", "base-url": server.url, ...inputs },
    env: managementEnv(server.account),
  };
  const main = await runAction({ ...options, env: { ...options.env, ...mainEnv } });
  const afterMain = server.state.indexes.map((e) => e.index.id);
  // The runner evaluates a post step's inputs again when it runs it.
  const post = await runAction({
    ...options,
    inputs: { ...options.inputs, ...postInputs },
    phase: "post",
    reuseDir: main.dir,
  });
  return { main, post, afterMain };
}

describe("ensure-search-index with ephemeral: true", () => {
  it("deletes the index it created when the job ends", async () => {
    const server = await emulator();
    const { main, post, afterMain } = await mainThenPost(server, { ephemeral: "true" });
    expect(main.exitCode).toBe(0);
    expect(afterMain).toEqual([main.outputs["id"]]);
    expect(post.exitCode).toBe(0);
    expect(post.stdout).toContain(`Ephemeral search index it-4242 (${main.outputs["id"]}) deleted.`);
    expect(server.state.indexes).toEqual([]);
  });

  it("never deletes an index it found", async () => {
    const server = await emulator();
    await runAction({
      actionDir,
      inputs: { name: "it-4242", region: "eu-west-1", "base-url": server.url },
      env: managementEnv(server.account),
    });
    const { main, post } = await mainThenPost(server, { ephemeral: "true" });
    expect(main.outputs["created"]).toBe("false");
    expect(post.exitCode).toBe(0);
    expect(server.state.indexes).toHaveLength(1);
    expect(server.requests.some((r) => r.method === "DELETE")).toBe(false);
  });

  it("still cleans up when the main step failed after creating the index", async () => {
    const server = await emulator();
    // The job's env file cannot be written: export-env fails after the index exists.
    const unwritable = tempFolder("stashkit-not-a-file-");
    const { main, post } = await mainThenPost(
      server,
      { ephemeral: "true", "export-env": "true" },
      { GITHUB_ENV: unwritable },
    );
    expect(main.exitCode).toBe(1);
    expect(post.exitCode).toBe(0);
    expect(server.state.indexes).toEqual([]);
  });

  it("holds the post step to its own timeout-seconds: a hung delete fails it at the deadline", async () => {
    const server = await emulator();
    server.inject("DELETE /v2/search/:id", { kind: "hang" });
    const { main, post } = await mainThenPost(server, { ephemeral: "true" }, {}, { "timeout-seconds": "1" });
    expect(main.exitCode).toBe(0);
    expect(post.exitCode).toBe(1);
    expect(errorLines(post)).toHaveLength(1);
    expect(errorLines(post)[0]).toMatch(
      /^::error::ensure-search-index \(post: delete the ephemeral index\): delete search index .*did not finish before the deadline/,
    );
  });

  it("leaves the index alone without ephemeral", async () => {
    const server = await emulator();
    const { post } = await mainThenPost(server, {});
    expect(post.exitCode).toBe(0);
    expect(post.stdout).toBe("");
    expect(server.state.indexes).toHaveLength(1);
  });
});
