import { PLACEHOLDER_RULES } from "../templates/placeholders.ts";
import { prefixOf } from "./declared-resources.ts";
import type { LoadedDeclaration } from "./read-declaration.ts";
import { isCiPlaceholder, parseValue } from "./value-templates.ts";

/** An environment's prefix with `{pr}` left open: which pull request a listed name belongs to. */
export interface PrefixPattern {
  environment: string;
  /** The prefix as the file writes it, `{env}` and variables filled in: `preview-{pr}-`. */
  template: string;
  protect: boolean;
  /** The pull request and the whole prefix of a name made with this prefix; undefined for any other name. */
  match(name: string): { pr: string; prefix: string } | undefined;
}

/**
 * The prefix of `environment` as a pattern, for a prune: it must hold `{pr}`, the only way to
 * tell which pull request a resource was made for. Other placeholders match what they can give.
 */
export function prefixPattern(
  loaded: LoadedDeclaration,
  options: { environment: string; vars?: Readonly<Record<string, string>> | undefined },
): PrefixPattern {
  const { declaration, places } = loaded;
  const { environment } = options;
  const declared = declaration.environments[environment];
  if (declared === undefined) {
    const known = Object.keys(declaration.environments).join(", ");
    return places.fail(
      ["environments"],
      `has no environment ${JSON.stringify(environment)}; it has ${known || "none"}`,
    );
  }
  const vars = { ...declared.vars, ...options.vars };
  const pieces: string[] = [];
  let source = "";
  let groups = 0;
  let prGroup = 0;
  const add = (text: string, nested: boolean) => {
    for (const part of parseValue(text)) {
      if ("literal" in part || "secret" in part) {
        const literal = "literal" in part ? part.literal : "";
        pieces.push(literal);
        source += literal.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      } else if (part.name === "env") {
        pieces.push(environment);
        source += environment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      } else if (isCiPlaceholder(part.name)) {
        pieces.push(`{${part.name}}`);
        groups++;
        if (part.name === "pr" && prGroup === 0) prGroup = groups;
        source += `(${PLACEHOLDER_RULES[part.name].match})`;
      } else if (!nested && vars[part.name] !== undefined) add(vars[part.name] as string, true);
    }
  };
  add(prefixOf(declared), false);
  const template = pieces.join("");
  if (prGroup === 0) {
    places.fail(
      ["environments", environment, ...(declared.prefix === undefined ? [] : ["prefix"])],
      `environment ${environment}'s prefix ${JSON.stringify(template)} has no {pr}: a prune tells which pull request a resource belongs to by it (e.g. prefix: "${environment}-{pr}-")`,
    );
  }
  const regex = new RegExp(`^(${source})`);
  return {
    environment,
    template,
    protect: declared.protect === true,
    match(name) {
      const found = regex.exec(name);
      const pr = found?.[prGroup + 1];
      return found?.[1] === undefined || pr === undefined ? undefined : { pr, prefix: found[1] };
    },
  };
}
