import { messagingFlagsWithFormat, REGION_FLAGS, RUN_VALUE_FLAGS } from "../options/flag-sets.ts";

/** What every qstash command but export reads: the declaration file, its environment and variables. */
export const DECLARATION_FLAGS = [
  // The qstash commands also write Markdown (a job summary, a pull request comment).
  ...messagingFlagsWithFormat("text, json (the plan's changes), markdown, dotenv or github"),
  {
    flags: "--config <file>",
    description: "the declaration file, YAML or JSON",
    default: "stashkit.qstash.yaml",
  },
  { flags: "--env <name>", description: "the environment of the file to act on, e.g. production or preview" },
  {
    flags: "--var <name=value>",
    description:
      "a variable for {name} in the file, over the environment's vars, e.g. base_url=https://... (repeatable)",
    repeatable: true,
  },
  ...RUN_VALUE_FLAGS,
] as const;

/** What plan and apply share: they act on one region or each (the SDK's multi-region variables). */
export const PLAN_FLAGS = [
  ...DECLARATION_FLAGS,
  ...REGION_FLAGS,
  {
    flags: "--detailed-exitcode",
    description: "exit 3 when the account differs from the file (changes pending), 0 when it matches",
  },
] as const;

/** Deletes in an environment with `protect: true`, and queues with messages waiting. */
export const DELETE_FLAGS = [
  {
    flags: "--allow-delete",
    description: "let an environment with protect: true delete (refused otherwise, before any write)",
  },
  {
    flags: "--force",
    description: "delete a queue even with messages waiting in it (kept otherwise, and said so)",
  },
  { flags: "--dry-run", description: "print what would change, send no write" },
] as const;
