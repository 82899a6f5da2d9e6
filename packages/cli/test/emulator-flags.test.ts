import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { declaredOptions } from "@stashkit/emulator/internal";
import { expect, it } from "vitest";
import { BIN, cleanEnv, runCli } from "./cli.ts";

// `stashkit emulator`'s flags are read from the emulator's declaration when the CLI is built
// (bundle.mjs evaluates src/commands/emulator.flags.ts and puts the list in the bundle), so the
// built CLI must offer exactly what the emulator declares, without loading the emulator to do it.

const dist = dirname(BIN);
const chunks = readdirSync(dist).filter((file) => file.endsWith(".js"));

it("offers every option the emulator declares, with its value name, help and default", async () => {
  const run = await runCli(["emulator", "--help"], cleanEnv());
  expect(run.code).toBe(0);
  // commander wraps the help to the terminal's width: compare with the line breaks taken out.
  const help = run.stdout.replace(/\s+/g, " ");
  const declared = declaredOptions().filter(({ info }) => info.flag !== undefined);
  expect(declared.length).toBeGreaterThan(20);
  for (const { info } of declared) {
    const text = `${info.help}${info.cliDefault === undefined ? "" : ` (default: "${info.cliDefault}")`}`;
    // A switch (`--qstash-dev`) takes no value.
    const value = info.value === undefined ? "" : ` <${info.value}>`;
    expect(help).toContain(`--${info.flag}${value} ${text.replace(/\s+/g, " ")}`);
  }
  const offered = [...help.matchAll(/ --([a-z-]+) </g)].map((match) => match[1]);
  const taking = declared.filter(({ info }) => info.value !== undefined);
  expect(offered).toEqual(taking.map(({ info }) => info.flag));
});

it("carries the flags in the bundle: only the chunk that runs the emulator imports it", () => {
  const importing = chunks.filter((file) =>
    readFileSync(join(dist, file), "utf8").includes("@stashkit/emulator"),
  );
  const declaring = chunks.filter((file) =>
    readFileSync(join(dist, file), "utf8").includes("--retry-backoff-scale <X>"),
  );
  expect(declaring).toHaveLength(1);
  expect(importing).toHaveLength(1);
  expect(importing).not.toContain(declaring[0]);
  // The one that imports it is loaded by `stashkit emulator` alone, with a dynamic import.
  const loaders = chunks.filter((file) =>
    readFileSync(join(dist, file), "utf8").includes(`import("./${importing[0]}")`),
  );
  expect(loaders.length).toBeGreaterThan(0);
});
