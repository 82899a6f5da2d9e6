import type { Declaration } from "./declaration-schema.ts";
import { type DeclaredResource, declaredResources, isIn, prefixOf } from "./declared-resources.ts";
import { type PrefixPart, placeholderCanGive, templatesMeet } from "./prefix-overlap.ts";
import type { SourcePlaces } from "./source-places.ts";
import { isCiPlaceholder, parseValue } from "./value-templates.ts";

/**
 * The checks a file passes whatever environment is chosen: every `environments:` list names
 * an environment of the file; a name that varies with the run ({pr}, {branch}...) varies in its
 * environment's prefix too; and no two environments of one account can make the same name.
 */
export function checkAcrossEnvironments(declaration: Declaration, places: SourcePlaces): void {
  const names = Object.keys(declaration.environments);
  const resources = declaredResources(declaration);
  for (const resource of resources) {
    resource.environments?.forEach((environment, i) => {
      if (!names.includes(environment)) {
        const path = [...resource.namePath.slice(0, -1), "environments", i];
        places.fail(
          path,
          `names the environment ${JSON.stringify(environment)}, which environments does not declare (${names.join(", ")})`,
        );
      }
    });
  }
  for (const environment of names) checkPrefixHoldsPlaceholders(declaration, places, environment, resources);
  checkAccounts(declaration, places, resources);
}

/** `{env}` and the file's variables filled in; the CI placeholders left open. */
function symbolic(declaration: Declaration, environment: string, text: string): PrefixPart[] {
  const vars = declaration.environments[environment]?.vars ?? {};
  const parts: PrefixPart[] = [];
  const add = (template: string, depth: number) => {
    for (const part of parseValue(template)) {
      if ("literal" in part) parts.push({ literal: part.literal });
      else if ("secret" in part) parts.push({ literal: "" });
      else if (part.name === "env") parts.push({ literal: environment });
      else if (isCiPlaceholder(part.name)) parts.push({ placeholder: part.name });
      else if (vars[part.name] !== undefined && depth === 0) add(vars[part.name] as string, 1);
    }
  };
  add(text, 0);
  return parts;
}

/** The template as its reader would write it once `{env}` and the variables are filled: `preview-{pr}-`. */
const templateText = (parts: readonly PrefixPart[]) =>
  parts.map((part) => ("literal" in part ? part.literal : `{${part.placeholder}}`)).join("");
const isEmpty = (parts: readonly PrefixPart[]) =>
  parts.every((part) => "literal" in part && part.literal === "");
const placeholdersOf = (parts: readonly PrefixPart[]) =>
  new Set(parts.flatMap((part) => ("placeholder" in part ? [part.placeholder] : [])));

function checkPrefixHoldsPlaceholders(
  declaration: Declaration,
  places: SourcePlaces,
  environment: string,
  resources: readonly DeclaredResource[],
): void {
  const declared = declaration.environments[environment];
  if (declared === undefined) return;
  const prefix = symbolic(declaration, environment, prefixOf(declared));
  // Without a prefix nothing undeclared is deleted, so names may vary freely.
  if (isEmpty(prefix)) return;
  checkPlaceholdersEnd(places, environment, declared.prefix === undefined, prefix);
  const inPrefix = placeholdersOf(prefix);
  for (const resource of resources.filter((r) => isIn(r, environment))) {
    for (const placeholder of placeholdersOf(symbolic(declaration, environment, resource.name))) {
      if (inPrefix.has(placeholder)) continue;
      places.fail(
        resource.namePath,
        `uses {${placeholder}}, which environment ${environment}'s prefix ${JSON.stringify(templateText(prefix))} does not: the prefix is how one run's resources are told from another's (an apply for one pull request would delete another's). Put {${placeholder}} in the prefix, e.g. prefix: "${environment}-{${placeholder}}-"`,
      );
    }
  }
}

/**
 * A placeholder in a prefix is followed by a character its value cannot hold: otherwise one
 * run's prefix starts another's (`preview-{pr}` of #42 starts #421's names, `app-{branch}-` of
 * `feat` starts `feat-x`'s), and its apply would delete the other's resources.
 */
function checkPlaceholdersEnd(
  places: SourcePlaces,
  environment: string,
  defaulted: boolean,
  prefix: PrefixPart[],
): void {
  prefix.forEach((part, i) => {
    if (!("placeholder" in part)) return;
    const next = prefix.slice(i + 1).find((p) => !("literal" in p) || p.literal !== "");
    const char = next !== undefined && "literal" in next ? next.literal[0] : undefined;
    if (char !== undefined && !placeholderCanGive(part.placeholder, char)) return;
    const separator = placeholderCanGive(part.placeholder, "-") ? "." : "-";
    places.fail(
      ["environments", environment, ...(defaulted ? [] : ["prefix"])],
      `{${part.placeholder}} in the prefix ${JSON.stringify(templateText(prefix))} must be followed by a character its value cannot hold, or one run's prefix could start another's (and its apply delete the other's resources): e.g. {${part.placeholder}}${separator}`,
    );
  });
}

/** No two environments that share an account may make one name. */
function checkAccounts(
  declaration: Declaration,
  places: SourcePlaces,
  resources: readonly DeclaredResource[],
): void {
  const environments = Object.entries(declaration.environments);
  environments.forEach(([first, a], i) => {
    for (const [second, b] of environments.slice(i + 1)) {
      if ((a.account ?? "default") !== (b.account ?? "default")) continue;
      const pa = symbolic(declaration, first, prefixOf(a));
      const pb = symbolic(declaration, second, prefixOf(b));
      const account = a.account === undefined ? "the same account" : `account ${JSON.stringify(a.account)}`;
      if (!isEmpty(pa) && !isEmpty(pb)) {
        if (templatesMeet(pa, pb, "either")) {
          places.fail(
            ["environments", second, ...(b.prefix === undefined ? [] : ["prefix"])],
            `environments ${first} and ${second} share ${account}, and a name can start with both prefixes (${JSON.stringify(templateText(pa))} and ${JSON.stringify(templateText(pb))}): each would take the other's resources for its own. Give them prefixes neither of which can start the other, or different accounts (account:)`,
          );
        }
        continue;
      }
      checkNames(declaration, places, resources, { first, second, pa, pb, account });
    }
  });
}

interface Pair {
  first: string;
  second: string;
  pa: PrefixPart[];
  pb: PrefixPart[];
  account: string;
}

/**
 * One environment has no prefix: its names are compared with the other's prefix, one by one, or
 * (neither has one) with the other's names, text with text at once, placeholders by automaton.
 */
function checkNames(
  declaration: Declaration,
  places: SourcePlaces,
  resources: readonly DeclaredResource[],
  pair: Pair,
): void {
  const { first, second, pa, pb } = pair;
  const ofEnvironment = (environment: string) =>
    resources
      .filter((r) => isIn(r, environment))
      .map((r) => ({ resource: r, parts: symbolic(declaration, environment, r.name) }));
  const left = ofEnvironment(first);
  const right = ofEnvironment(second);
  if (!isEmpty(pa) || !isEmpty(pb)) {
    const [prefix, names] = isEmpty(pa) ? [pb, left] : [pa, right];
    const clash = names.find((n) => templatesMeet(prefix, n.parts, "first"));
    if (clash) refuse(places, pair, clash.resource, undefined);
    return;
  }
  for (const one of left) {
    for (const other of right) {
      if (one.resource.kind !== other.resource.kind) continue;
      const literal = [...one.parts, ...other.parts].every((part) => "literal" in part);
      const same = literal
        ? textOf(one.parts) === textOf(other.parts)
        : templatesMeet(one.parts, other.parts, "both");
      if (same) refuse(places, pair, other.resource, one.resource);
    }
  }
}

const textOf = (parts: readonly PrefixPart[]) =>
  parts.map((part) => ("literal" in part ? part.literal : "")).join("");

function refuse(
  places: SourcePlaces,
  pair: Pair,
  resource: DeclaredResource,
  other: DeclaredResource | undefined,
): never {
  const kind = resource.kind.replace("_", " ");
  const where = other === undefined ? "" : ` (as line ${places.place(other.namePath).line} does)`;
  return places.fail(
    resource.namePath,
    `environments ${pair.first} and ${pair.second} share ${pair.account}, and both could make the ${kind} ${JSON.stringify(resource.name)}${where}: give them prefixes (prefix:) neither of which can start the other's names, or different accounts (account:)`,
  );
}
