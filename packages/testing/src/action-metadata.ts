import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";

export interface ActionInput {
  description?: string;
  required?: boolean;
  default?: string | number | boolean;
}

export interface ActionMetadata {
  name: string;
  description: string;
  inputs: Record<string, ActionInput>;
  outputs: Record<string, { description?: string }>;
  runs: { using: string; main: string; post?: string; "post-if"?: string };
  branding?: { icon?: string; color?: string };
}

export function readActionMetadata(actionDir: string): ActionMetadata {
  return parse(readFileSync(join(actionDir, "action.yml"), "utf8")) as ActionMetadata;
}

/** The runner's variable for an input: `INPUT_` + the name upper-cased, spaces as `_` (hyphens stay). */
export function inputVariable(name: string): string {
  return `INPUT_${name.replace(/ /g, "_").toUpperCase()}`;
}
