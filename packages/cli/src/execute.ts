import { Deadline, Redactor } from "@stashkit/core";
import type { CommandContext } from "./context.ts";
import { EXIT, exitCodeFor, failureLine } from "./failure.ts";
import { type Common, type CommonFlags, FORMATS, type Format, readCommon } from "./options/common.ts";
import type { CommandResult } from "./output/result.ts";
import { outputFileProblem } from "./output/secret-file.ts";
import { terminal } from "./output/terminal.ts";
import { writeResult } from "./output/write.ts";
import { UsageError } from "./usage-error.ts";

/** A command module: checks its flags (throwing before anything is sent), then does its work. */
export interface CommandModule<Flags> {
  run(flags: Flags, context: CommandContext): Promise<CommandResult>;
}

export interface CommandSpec<Flags> {
  /** "search ensure". */
  name: string;
  /** Where the credentials come from, said after an authentication failure. */
  credentials?: string;
  /** The --format values it takes, when not every one but markdown (which only some commands write). */
  formats?: readonly Format[];
  load(): Promise<CommandModule<Flags>>;
  /** What `--output-file` receives: the result (the default), or the command's own data. */
  outputFile?: "result" | "data";
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
    const common = readCommon(flags, env, { resultToFile: spec.outputFile !== "data" });
    out = terminal({
      env,
      stdout: process.stdout,
      stderr: process.stderr,
      redact: (l) => redactor.redact(l),
      quiet: common.quiet,
    });
    checkFormat(spec, common.format);
    checkOutputFiles(common, env);
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
    if (!result.failure) return result.exitCode ?? EXIT.done;
    out.error(failureLine(spec.name, result.failure, spec.credentials));
    return EXIT.failed;
  } catch (error) {
    out.error(failureLine(spec.name, error, spec.credentials));
    return exitCodeFor(error);
  }
}

/** Markdown is written by the commands that say they write it; the other formats by every command. */
function checkFormat(spec: CommandSpec<unknown>, format: Format): void {
  const accepted = spec.formats ?? FORMATS.filter((f) => f !== "markdown");
  if (!accepted.includes(format)) {
    throw new UsageError(
      "--format",
      `--format must be one of ${accepted.join(", ")} for ${spec.name}; got ${JSON.stringify(format)}`,
    );
  }
}

/**
 * The files a result goes to are checked before anything is sent: a pause must not happen and
 * then lose its record. GITHUB_OUTPUT is the runner's own file, appended to as it is.
 */
function checkOutputFiles(common: Common, env: Record<string, string | undefined>): void {
  const ours = [
    common.outputFile,
    common.githubOutput === env["GITHUB_OUTPUT"] ? undefined : common.githubOutput,
  ];
  for (const path of ours) {
    const problem = path === undefined ? undefined : outputFileProblem(path);
    if (problem !== undefined) throw new UsageError("--output-file", `--output-file: ${problem}`);
  }
}
