import { Deadline, Redactor } from "@stashkit/core";
import type { CommandContext } from "./context.ts";
import { EXIT, exitCodeFor, failureLine } from "./failure.ts";
import { type CommonFlags, readCommon } from "./options/common.ts";
import type { CommandResult } from "./output/result.ts";
import { terminal } from "./output/terminal.ts";
import { writeResult } from "./output/write.ts";

/** A command module: checks its flags (throwing before anything is sent), then does its work. */
export interface CommandModule<Flags> {
  run(flags: Flags, context: CommandContext): Promise<CommandResult>;
}

export interface CommandSpec<Flags> {
  /** "search ensure". */
  name: string;
  /** Where the credentials come from, said after an authentication failure. */
  credentials?: string;
  load(): Promise<CommandModule<Flags>>;
}

/**
 * Runs one command: reads the common flags, creates the command's one deadline, runs the
 * module, writes its result, and turns anything thrown into one line on stderr and an exit code.
 */
export async function execute<Flags extends CommonFlags>(
  spec: CommandSpec<Flags>,
  flags: Flags,
): Promise<number> {
  const env = process.env;
  const redactor = new Redactor();
  let out = terminal({
    env,
    stdout: process.stdout,
    stderr: process.stderr,
    redact: (l) => redactor.redact(l),
    quiet: false,
  });
  try {
    const common = readCommon(flags, env);
    out = terminal({
      env,
      stdout: process.stdout,
      stderr: process.stderr,
      redact: (l) => redactor.redact(l),
      quiet: common.quiet,
    });
    const context: CommandContext = {
      command: spec.name,
      common,
      env,
      terminal: out,
      redactor,
      deadline: Deadline.after(common.timeoutSeconds * 1000),
    };
    const module = await spec.load();
    const result = await module.run(flags, context);
    writeResult(result, context);
    if (!result.failure) return EXIT.done;
    out.error(failureLine(spec.name, result.failure, spec.credentials));
    return EXIT.failed;
  } catch (error) {
    out.error(failureLine(spec.name, error, spec.credentials));
    return exitCodeFor(error);
  }
}
