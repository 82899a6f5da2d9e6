#!/usr/bin/env node
import { runCommandLine } from "./command-line/run.ts";

// `stashkit-emulator`: the emulator's command line (the CLI's `stashkit emulator` runs the same).
// It exits once stopped: a delivery's timer or a keep-alive socket must not hold a stopped emulator.
process.exit(
  await runCommandLine(process.argv.slice(2), {
    name: "stashkit-emulator",
    errorPrefix: "stashkit-emulator: ",
    env: process.env,
    stdout: process.stdout,
    stderr: process.stderr,
  }),
);
