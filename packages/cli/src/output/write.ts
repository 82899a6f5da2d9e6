import { appendFileSync } from "node:fs";
import type { Common } from "../options/common.ts";
import { dotenvLine } from "./dotenv.ts";
import { oneLine } from "./escape.ts";
import { nodeCrypto } from "./node-crypto.ts";
import type { CommandResult, Field } from "./result.ts";
import { writeSecretFile } from "./secret-file.ts";
import type { Terminal } from "./terminal.ts";

/** What writing a result needs of the command's context (a CommandContext has it all). */
export interface OutputContext {
  common: Pick<Common, "format" | "outputFile" | "githubOutput" | "showSecrets" | "quiet">;
  terminal: Terminal;
  redactor: { redact(text: string): string };
  env: Record<string, string | undefined>;
}

/**
 * Hands a result over in the chosen format. Tokens leave only where asked: to --output-file
 * (0600), to GITHUB_OUTPUT after ::add-mask::, or to stdout with --show-secrets (with a warning).
 */
export function writeResult(result: CommandResult, context: OutputContext): void {
  const { common, terminal } = context;
  for (const warning of result.warnings) terminal.warn(warning);
  const toFile = common.outputFile;
  const withSecrets = toFile !== undefined || common.showSecrets;
  if (common.showSecrets && toFile === undefined && common.format !== "text" && hasSecrets(result)) {
    terminal.warn("--show-secrets prints tokens to stdout, and CI logs keep stdout; prefer --output-file");
  }
  switch (common.format) {
    case "text":
      if (toFile !== undefined) {
        writeSecretFile(toFile, joinLines(result.lines.map((l) => context.redactor.redact(l))));
        saySaved(context, counted(result.lines.length, "line"), toFile);
      } else if (!common.quiet) for (const line of result.lines) terminal.out(line);
      return;
    case "json": {
      const text = JSON.stringify(result.json(withSecrets), null, 2);
      if (toFile !== undefined) {
        writeSecretFile(toFile, `${text}\n`);
        saySaved(context, "the JSON result", toFile);
      } else for (const line of text.split("\n")) (withSecrets ? terminal.outSecret : terminal.out)(line);
      return;
    }
    case "dotenv": {
      const fields = withSecrets ? result.fields : result.fields.filter((f) => !f.secret);
      const left = result.fields.filter((f) => f.secret && !withSecrets).map((f) => f.env);
      if (left.length > 0 && !common.quiet) {
        terminal.warn(
          `${left.join(", ")} left out: tokens go only to --output-file (or stdout with --show-secrets)`,
        );
      }
      const lines = fields.map((f) => dotenvLine(f.env, f.value));
      if (toFile !== undefined) {
        writeSecretFile(toFile, joinLines(lines));
        saySaved(context, counted(lines.length, "variable"), toFile);
      } else for (const line of lines) (withSecrets ? terminal.outSecret : terminal.out)(line);
      return;
    }
    case "markdown": {
      const text = context.redactor.redact(result.markdown ?? result.lines.join("\n"));
      if (toFile !== undefined) {
        writeSecretFile(toFile, text.endsWith("\n") ? text : `${text}\n`);
        saySaved(context, "the Markdown", toFile);
      } else for (const line of text.replace(/\n$/, "").split("\n")) terminal.out(line);
      return;
    }
    case "github":
      writeGitHubOutputs(result.fields, context);
      if (!common.quiet) for (const line of result.lines) terminal.out(line);
      return;
  }
}

/** Masks first, then the outputs in the heredoc form with a delimiter no value can contain. */
function writeGitHubOutputs(fields: Field[], context: OutputContext): void {
  for (const field of fields) {
    if (field.secret && field.value !== "")
      context.terminal.outSecret(`::add-mask::${escapeCommandData(field.value)}`);
  }
  const delimiter = `stashkit_${nodeCrypto().randomUUID()}`;
  const text = fields.map((f) => `${f.output}<<${delimiter}\n${oneLine(f.value)}\n${delimiter}\n`).join("");
  const file = context.common.githubOutput;
  if (file === undefined) return;
  // GITHUB_OUTPUT is the runner's own file: append. A file of our own is created 0600.
  if (file === context.env["GITHUB_OUTPUT"]) appendFileSync(file, text);
  else {
    writeSecretFile(file, text);
    saySaved(context, counted(fields.length, "output"), file);
  }
}

/**
 * One line on stderr saying where the result went (what it holds may be tokens, so never the
 * values): otherwise a command with --output-file ends in silence.
 */
function saySaved(context: OutputContext, what: string, path: string): void {
  if (!context.common.quiet) context.terminal.err(`wrote ${what} to ${path} (mode 0600)`);
}

function counted(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}

/** The runner's escaping of a command's data, so the mask is of the real value. */
function escapeCommandData(value: string): string {
  return value.replaceAll("%", "%25").replaceAll("\r", "%0D").replaceAll("\n", "%0A");
}

function hasSecrets(result: CommandResult): boolean {
  return result.fields.some((f) => f.secret);
}

function joinLines(lines: string[]): string {
  return lines.map((line) => `${oneLine(line)}\n`).join("");
}
