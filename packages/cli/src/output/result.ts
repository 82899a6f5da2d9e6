/** One value a command hands over: its dotenv / environment name, its GitHub output name, whether it is a secret. */
export interface Field {
  env: string;
  output: string;
  value: string;
  secret?: boolean;
}

/** What a command did, in every shape the formats need. Nothing here is escaped yet: the writer does that. */
export interface CommandResult {
  /** Human lines for the text format (and the log of the github format). Never a secret. */
  lines: string[];
  /** The document of the json format; token fields only when `withSecrets`. */
  json(withSecrets: boolean): Record<string, unknown>;
  /** Values for the dotenv and github formats. */
  fields: Field[];
  warnings: string[];
  /** Set when the command did its work but failed its verdict (a queue missing): printed last, exit 1. */
  failure?: Error;
  /** The document of the markdown format (a job summary, a pull request comment), for commands that take it. */
  markdown?: string;
  /** The exit code of a command that succeeded but has something to say by it (`qstash plan --detailed-exitcode`: 3). */
  exitCode?: number;
}
