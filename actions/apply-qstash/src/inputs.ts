import { readBoolean, readChoice, readComment, readInput, readRequired } from "@stashkit/action-kit";
import type { GitHubContext } from "@stashkit/ci-context";
import { ConfigurationError } from "@stashkit/core";

export const MODES = ["plan", "apply", "destroy"] as const;
export type Mode = (typeof MODES)[number];

export interface ApplyInputs {
  config: string;
  environment: string;
  mode: Mode;
  vars: Record<string, string>;
  comment: { pullRequest: number; token: string } | undefined;
  allowDelete: boolean;
  force: boolean;
}

/** Reads and checks every input before anything is sent (the step has read the token). */
export function readApplyInputs(context: GitHubContext): ApplyInputs {
  return {
    config: readInput("config") || "stashkit.qstash.yaml",
    environment: readRequired("environment"),
    mode: readChoice("mode", MODES, "plan"),
    vars: readVars(readInput("vars")),
    comment: readComment(context),
    allowDelete: readBoolean("allow-delete", false),
    force: readBoolean("force", false),
  };
}

/** `vars`: one `name=value` a line (a value may hold commas and `=`); blank lines are skipped. */
export function readVars(text: string): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === "") continue;
    const at = line.indexOf("=");
    const name = at < 0 ? "" : line.slice(0, at).trim();
    if (!/^[a-z_][a-z0-9_]*$/.test(name)) {
      throw new ConfigurationError(
        "vars",
        `input vars takes one name=value a line, the name of a-z, 0-9 and _ (starting with a letter or _); got ${JSON.stringify(line.trim().slice(0, 40))}`,
      );
    }
    if (name in vars) throw new ConfigurationError("vars", `input vars gives ${name} twice`);
    vars[name] = line.slice(at + 1).trim();
  }
  return vars;
}
