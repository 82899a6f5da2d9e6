import { exitCodeFor, failureLine } from "../failure.ts";
import { oneLine } from "../output/escape.ts";
import type { EmulatorFlags } from "./emulator.ts";

/** Runs `stashkit emulator`, with the same one-line errors and exit codes as the other commands. */
export async function serveEmulator(flags: EmulatorFlags): Promise<number> {
  try {
    const { serve } = await import("./emulator.ts");
    return await serve(flags);
  } catch (error) {
    process.stderr.write(`error: ${oneLine(failureLine("emulator", error, undefined))}\n`);
    return exitCodeFor(error);
  }
}
