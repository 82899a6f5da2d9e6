import type { Placeholder, TemplateValues } from "../templates/placeholders.ts";
import type { EnvironmentDeclaration } from "./declaration-schema.ts";
import type { FieldPath, SourcePlaces } from "./source-places.ts";
import {
  DECLARATION_PLACEHOLDERS,
  fillPlaceholder,
  isCiPlaceholder,
  parseValue,
  placeholderExpects,
} from "./value-templates.ts";

/** What fills one environment's values: the run's placeholders, the file's variables and the overrides. */
export interface ExpandContext {
  environment: string;
  /** The CI run's values (`{pr}`, `{branch}`...), as name templates have them. */
  values: TemplateValues;
  /** Says where a missing value would come from: " on a push event; pass --pr <value>". */
  whereMissing?: ((placeholder: Placeholder) => string) | undefined;
  /** `--var name=value` (the action's `vars`): win over the environment's own. */
  vars?: Readonly<Record<string, string>> | undefined;
  /** Where `${NAME}` values come from (process.env by default). */
  env: Readonly<Record<string, string | undefined>>;
}

/** A value filled in, and whether a secret went into it (then it is never shown). */
export interface Filled {
  text: string;
  /** The environment variables it read: a value with any is a secret. */
  secrets: string[];
}

const NAME = /^[A-Za-z0-9._-]+$/;

/**
 * Fills the values of one environment: `{env}`, the CI placeholders, the environment's `vars`
 * (which may use the placeholders, not each other) and, in header values only, `${NAME}`. Every
 * refusal names the file, line and field.
 */
export class Expander {
  readonly #context: ExpandContext;
  readonly #places: SourcePlaces;
  readonly #vars: Record<string, { text: string; path: FieldPath }>;

  constructor(context: ExpandContext, environment: EnvironmentDeclaration, places: SourcePlaces) {
    this.#context = context;
    this.#places = places;
    const own = environment.vars ?? {};
    const varsPath = ["environments", context.environment, "vars"];
    this.#vars = Object.fromEntries(
      Object.entries(own).map(([name, text]) => [name, { text, path: [...varsPath, name] }]),
    );
    for (const [name, text] of Object.entries(context.vars ?? {})) this.#vars[name] = { text, path: [] };
  }

  /** A value (a URL, a cron, a body's text): placeholders and variables, no secrets. */
  value(text: string, path: FieldPath): string {
    return this.#fill(text, path, false).text;
  }

  /** A header value: may also read `${NAME}` from the environment. */
  header(text: string, path: FieldPath): Filled {
    return this.#fill(text, path, true);
  }

  /** A name (a prefix, a queue's, a schedule id's part): its result must be usable in a name. */
  name(text: string, path: FieldPath, options: { empty?: boolean } = {}): string {
    const filled = this.value(text, path);
    if (filled === "" && options.empty) return filled;
    if (!NAME.test(filled)) {
      this.#places.fail(
        path,
        `${JSON.stringify(text)} gives ${JSON.stringify(filled)}, which is not usable in a name: letters, digits, -, . and _ only`,
      );
    }
    return filled;
  }

  #fill(text: string, path: FieldPath, secrets: boolean): Filled {
    const read: string[] = [];
    const pieces = parseValue(text).map((part) => {
      if ("literal" in part) return part.literal;
      if ("secret" in part) {
        if (!secrets) {
          this.#places.fail(
            path,
            `\${${part.secret}} reads a secret, and secrets go only in header values (headers:), never in the file`,
          );
        }
        read.push(part.secret);
        return this.#secret(part.secret, path);
      }
      return this.#placeholder(part.name, path);
    });
    return { text: pieces.join(""), secrets: read };
  }

  #secret(name: string, path: FieldPath): string {
    const value = this.#context.env[name];
    if (value === undefined || value === "") {
      this.#places.fail(
        path,
        `\${${name}} names the environment variable ${name}, which is ${value === undefined ? "not set" : "empty"}: set it (in GitHub Actions, from a secret in the step's env)`,
      );
    }
    return value;
  }

  #placeholder(name: string, path: FieldPath, seen: readonly string[] = []): string {
    const { environment, values, whereMissing } = this.#context;
    if (name === "env") return environment;
    const variable = this.#vars[name];
    if (variable !== undefined) {
      if (seen.includes(name)) this.#places.fail(path, `{${name}} uses itself`);
      // A variable's own text may use the placeholders (a preview URL with {pr}), not other variables.
      return parseValue(variable.text)
        .map((part) => {
          if ("literal" in part) return part.literal;
          if ("secret" in part) return this.#places.fail(variable.path, "a variable cannot read a secret");
          if (!isCiPlaceholder(part.name) && part.name !== "env") {
            return this.#places.fail(
              variable.path.length > 0 ? variable.path : path,
              `variable ${name} uses {${part.name}}: a variable may use only the placeholders ${placeholderList()}`,
            );
          }
          return this.#placeholder(part.name, path, [...seen, name]);
        })
        .join("");
    }
    if (!isCiPlaceholder(name)) {
      return this.#places.fail(
        path,
        `{${name}} is neither a placeholder (${placeholderList()}) nor a variable of environment ${environment} (environments.${environment}.vars, or --var ${name}=...)`,
      );
    }
    const given = values[name];
    if (given === undefined || given.trim() === "") {
      return this.#places.fail(path, `uses {${name}}, which has no value${whereMissing?.(name) ?? ""}`);
    }
    const filled = fillPlaceholder(name, given);
    if (filled === undefined) {
      return this.#places.fail(
        path,
        `uses {${name}}, whose value leaves nothing usable: it must be ${placeholderExpects(name)}`,
      );
    }
    return filled;
  }
}

function placeholderList(): string {
  return DECLARATION_PLACEHOLDERS.map((p) => `{${p}}`).join(", ");
}
