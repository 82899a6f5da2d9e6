import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { startBin } from "./start-bin.ts";

const BIN = join(import.meta.dirname, "../dist/bin.js");

/** The environment without this test run's own STASHKIT_* variables (the test store's, CI's). */
function cleanEnv(variables: Record<string, string>): Record<string, string> {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith("STASHKIT_")),
  ) as Record<string, string>;
  return { ...env, ...variables };
}

function refused(variables: Record<string, string>) {
  const run = spawnSync(process.execPath, [BIN, "--from-env"], {
    env: cleanEnv(variables),
    encoding: "utf8",
    timeout: 30_000,
  });
  return { code: run.status, stderr: run.stderr, stdout: run.stdout };
}

describe("--from-env: options from STASHKIT_* variables (the container's settings)", () => {
  it("reads each option from its variable, lists comma-separated, and a flag given wins", async () => {
    const variables = {
      STASHKIT_PORT: "1",
      STASHKIT_TOKEN: "from-the-variable",
      STASHKIT_SEARCH_INDEX: "shop, docs",
      STASHKIT_CONTROL_TOKEN: "a-control-secret",
      // core's and the CLI's, which a CI job may hand its service containers: passed over.
      STASHKIT_BASE_URL: "http://stashkit:8787",
    };
    const started = await startBin(["--from-env", "--token", "from-the-flag"], cleanEnv(variables), {
      inherit: false,
    });
    try {
      expect(started.banner).toContain("QSTASH_TOKEN=from-the-flag");
      expect(started.banner).toContain("search index    shop ");
      expect(started.banner).toContain("needs the control token");
      expect(started.banner).not.toContain("a-control-secret");
      const state = await fetch(`${started.url}/__stashkit/state`, {
        headers: { "x-stashkit-control-token": "a-control-secret" },
      });
      const indexes = ((await state.json()) as { indexes: { index: { name: string } }[] }).indexes;
      expect(indexes.map((entry) => entry.index.name)).toEqual(["shop", "docs"]);
    } finally {
      started.process.kill("SIGTERM");
      await started.exited;
    }
  });

  it("an unknown STASHKIT_* variable stops the start with one line naming it", () => {
    const run = refused({ STASHKIT_DATAFILE: "/data/x.db" });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(run.stderr).toMatch(/^stashkit-emulator: STASHKIT_DATAFILE is not a setting of the emulator/);
  });

  it.each([
    ["STASHKIT_PORT", "eighty", /STASHKIT_PORT must be a whole number, got "eighty"/],
    ["STASHKIT_DUPLICATES", "sometimes", /STASHKIT_DUPLICATES must be allow or reject, got "sometimes"/],
    ["STASHKIT_ACCOUNT", "no-colon-secret", /STASHKIT_ACCOUNT must look like EMAIL:API_KEY/],
    // Not the public default token in its place, silently.
    ["STASHKIT_TOKEN", ",", /^stashkit-emulator: STASHKIT_TOKEN lists no value, only commas and blanks/],
    ["STASHKIT_ACCOUNT", " , ,", /STASHKIT_ACCOUNT lists no value, only commas and blanks/],
  ])("a bad value of %s stops the start with one line naming the variable", (name, value, message) => {
    const run = refused({ [name]: value });
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(run.stderr).toMatch(message);
    expect(run.stderr).not.toContain("no-colon-secret");
  });

  it("without --from-env the variables are not read (a stray one changes nothing)", async () => {
    const env = cleanEnv({ STASHKIT_TOKEN: "ignored", STASHKIT_UNKNOWN: "x" });
    const started = await startBin([], env, { inherit: false });
    try {
      expect(started.banner).toContain("QSTASH_TOKEN=stashkit-emulator-qstash-token");
    } finally {
      started.process.kill("SIGTERM");
      await started.exited;
    }
  });
});
