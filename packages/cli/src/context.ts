import type { Deadline, Redactor } from "@stashkit/core";
import type { Common } from "./options/common.ts";
import type { Terminal } from "./output/terminal.ts";

/** What a command module gets besides its flags. */
export interface CommandContext {
  /** "search ensure": for messages and the user agent. */
  command: string;
  common: Common;
  env: Record<string, string | undefined>;
  terminal: Terminal;
  /** Shared by every client of the command and by everything the CLI prints. */
  redactor: Redactor;
  /** The command's one deadline, from --timeout-seconds: every client and lookup is held to it. */
  deadline: Deadline;
}
