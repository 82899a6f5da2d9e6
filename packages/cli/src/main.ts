import { CommanderError } from "commander";
import { buildProgram } from "./program.ts";

/** Parses the command line and runs the command; returns the exit code. */
export async function main(argv: string[]): Promise<number> {
  // `stashkit emulator` is the emulator's own command line, `stashkit-emulator`'s: one front end,
  // its flags, help, errors and exit codes (loaded only for it: it brings the emulator).
  if (argv[0] === "emulator") {
    const { runCommandLine } = await import("@stashkit/emulator/internal");
    return runCommandLine(argv.slice(1), {
      name: "stashkit emulator",
      errorPrefix: "error: stashkit emulator: ",
      env: process.env,
      stdout: process.stdout,
      stderr: process.stderr,
    });
  }
  const program = buildProgram(argv);
  if (argv.length === 0) {
    // The whole help, as --help shows it (helpInformation() would leave out the text added after
    // it: credentials, exit codes, examples), on stderr: no command ran.
    program.outputHelp({ error: true });
    return 2;
  }
  try {
    await program.parseAsync(argv, { from: "user" });
    return typeof process.exitCode === "number" ? process.exitCode : 0;
  } catch (error) {
    // Commander has printed its message; help and --version are successes, the rest usage errors.
    if (error instanceof CommanderError) {
      return ["commander.helpDisplayed", "commander.version"].includes(error.code) ? 0 : 2;
    }
    throw error;
  }
}
