#!/usr/bin/env node
import { version } from "./version.ts";

const args = process.argv.slice(2);
// `stashkit --version` answers before the argument parser loads: CI scripts call it to log what runs.
if (args.length === 1 && (args[0] === "--version" || args[0] === "-V")) {
  process.stdout.write(`${version()}\n`);
} else {
  const { main } = await import("./main.ts");
  process.exitCode = await main(args);
}
