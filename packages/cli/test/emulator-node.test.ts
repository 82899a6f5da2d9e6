// `stashkit emulator` on a Node without node:sqlite (Node 20, 22 before 22.13): one line naming the
// Node it needs, before it listens; the commands that do not start the emulator run as before.
// `--no-experimental-sqlite` takes the module away from this Node as those lack it.
import { describe, expect, it } from "vitest";
import { cleanEnv, runCli } from "./cli.ts";

const WITHOUT_SQLITE = cleanEnv({ NODE_OPTIONS: "--no-experimental-sqlite" });

describe("a Node without node:sqlite", () => {
  it("stops stashkit emulator with one line naming the Node it needs", async () => {
    const run = await runCli(["emulator", "--port", "0"], WITHOUT_SQLITE);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(
      /^error: stashkit emulator: the emulator needs Node 22\.13 or later \(for its built-in node:sqlite\); this is Node v\d+\.\d+\.\d+\n$/,
    );
    // Nothing was served: exit 2, as stashkit-emulator (one front end, one behaviour).
    expect(run.code).toBe(2);
  });

  it("leaves the commands that need no emulator alone", async () => {
    const run = await runCli(["--version"], WITHOUT_SQLITE);
    expect(run.code).toBe(0);
  });
});
