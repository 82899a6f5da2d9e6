import type { $ZodIssue } from "zod/v4/core";
import { declarationSchema } from "./declaration-schema.ts";

const TYPE_WORDS: Record<string, string> = {
  string: "text",
  number: "a number",
  int: "a whole number",
  boolean: "true or false",
  object: "a mapping (key: value lines)",
  record: "a mapping (key: value lines)",
  array: "a list",
};

/** One schema issue of a declaration file, as its reader needs it: what is wrong and what fits. */
export function issueMessage(issue: $ZodIssue, path: readonly (string | number)[]): string {
  switch (issue.code) {
    case "invalid_type":
      return issue.expected === "never"
        ? "is not a key here"
        : `must be ${TYPE_WORDS[issue.expected] ?? issue.expected}`;
    case "too_small":
      if (issue.origin === "array") return `must list at least ${issue.minimum}`;
      if (issue.origin === "string") return "must not be empty";
      return `must be at least ${issue.minimum}`;
    case "too_big":
      return `must be at most ${issue.maximum}`;
    case "unrecognized_keys": {
      const known = keysAt(path);
      const list = known.length > 0 ? `; the keys here are ${known.join(", ")}` : "";
      return `unknown key ${JSON.stringify(issue.keys[0])}${list}`;
    }
    case "invalid_key": {
      const inner = issue.issues[0];
      return `the key ${inner ? issueMessage(inner, path) : "is invalid"}`;
    }
    case "invalid_value":
      return `must be ${issue.values.map((value) => JSON.stringify(value)).join(" or ")}`;
    case "invalid_union":
      return `is not valid: ${descriptionAt(path) ?? "see the JSON Schema"}`;
    default:
      return issue.message;
  }
}

interface SchemaDef {
  type?: string;
  shape?: Record<string, unknown>;
  element?: unknown;
  valueType?: unknown;
  innerType?: unknown;
}

/** The schema at `path`, through lists, mappings and optional values. */
function schemaAt(path: readonly (string | number)[]): unknown {
  let schema: unknown = declarationSchema();
  for (const part of path) {
    const def = unwrap(schema);
    if (def?.type === "object") schema = def.shape?.[String(part)];
    else if (def?.type === "array") schema = def.element;
    else if (def?.type === "record") schema = def.valueType;
    else return undefined;
  }
  return schema;
}

function unwrap(schema: unknown): SchemaDef | undefined {
  let def = (schema as { _zod?: { def?: SchemaDef } } | undefined)?._zod?.def;
  while (def?.type === "optional") def = (def.innerType as { _zod?: { def?: SchemaDef } })._zod?.def;
  return def;
}

function keysAt(path: readonly (string | number)[]): string[] {
  const def = unwrap(schemaAt(path));
  return def?.type === "object" ? Object.keys(def.shape ?? {}).filter((key) => key !== "$schema") : [];
}

function descriptionAt(path: readonly (string | number)[]): string | undefined {
  const schema = schemaAt(path) as { description?: string } | undefined;
  return schema?.description;
}
