import { ConfigurationError } from "../errors/index.ts";
import { checkLength, checkUrl, refuseTwice } from "./checked-values.ts";
import { checkAcrossEnvironments } from "./declaration-checks.ts";
import { isIn, prefixOf } from "./declared-resources.ts";
import type { DesiredQueue, DesiredState, DesiredUrlGroup, EnvironmentNames } from "./desired-state.ts";
import { type ExpandContext, Expander } from "./expander.ts";
import type { LoadedDeclaration } from "./read-declaration.ts";
import { resolveSchedules } from "./resolve-schedules.ts";
import type { FieldPath } from "./source-places.ts";

export type ResolveOptions = ExpandContext;

const VARIABLE = /^[a-z_][a-z0-9_]*$/;

/**
 * What environment `options.environment` of a checked file asks of an account: every value
 * filled in from the run, the variables and the secrets, every name made and checked. Throws a
 * DeclarationError (file, line, field) for the first problem; nothing has been sent.
 */
export function resolveEnvironment(loaded: LoadedDeclaration, options: ResolveOptions): DesiredState {
  const { declaration, places } = loaded;
  const { name, environment, expander, prefix, named } = openEnvironment(loaded, options);
  const queues = resolveQueues(loaded, name, named);
  const urlGroups = resolveGroups(loaded, name, expander, named);
  refuseTwice(places, keyed(queues, "queues", declaration.queues ?? [], name), "queue");
  refuseTwice(places, keyed(urlGroups, "url_groups", declaration.url_groups ?? [], name), "URL group");
  const secrets: string[] = [];
  const schedules = resolveSchedules({
    declaration,
    places,
    environment: name,
    expander,
    named,
    queues: queues.map((q) => q.name),
    urlGroups: urlGroups.map((g) => g.name),
    prefix,
    secrets,
  });
  return {
    environment: name,
    file: places.file,
    prefix,
    protect: environment.protect === true,
    schedules,
    urlGroups,
    queues,
    secrets,
  };
}

type Named = (text: string, path: FieldPath) => string;

/** The checks every use of an environment starts with, and what fills its names. */
function openEnvironment(loaded: LoadedDeclaration, options: ResolveOptions) {
  const { declaration, places } = loaded;
  checkAcrossEnvironments(declaration, places);
  const name = options.environment;
  const environment = declaration.environments[name];
  if (environment === undefined) {
    const known = Object.keys(declaration.environments);
    return places.fail(
      ["environments"],
      `has no environment ${JSON.stringify(name)}; it has ${known.join(", ") || "none"}`,
    );
  }
  for (const variable of Object.keys(options.vars ?? {})) {
    if (!VARIABLE.test(variable)) {
      throw new ConfigurationError(
        "vars",
        `variable ${JSON.stringify(variable)}: a variable's name may contain only a-z, 0-9 and _, and starts with a letter or _`,
      );
    }
  }
  const expander = new Expander(options, environment, places);
  const prefixPath = ["environments", name, ...(environment.prefix === undefined ? [] : ["prefix"])];
  const prefix = expander.name(prefixOf(environment), prefixPath, { empty: true });
  const named: Named = (text, path) => checkLength(places, path, `${prefix}${expander.name(text, path)}`);
  return { name, environment, expander, prefix, named };
}

/**
 * The names environment `options.environment` gives what it declares, and its prefix: all a
 * destroy needs. Values and secrets are not read (a clean-up job needs no secret of the app's).
 */
export function resolveNames(
  loaded: LoadedDeclaration,
  options: Omit<ResolveOptions, "env">,
): EnvironmentNames {
  const { declaration } = loaded;
  const { name, environment, prefix, named } = openEnvironment(loaded, { ...options, env: {} });
  const names = (
    list: readonly { environments?: readonly string[] | undefined }[],
    kind: string,
    key: "id" | "name",
  ) =>
    list.flatMap((entry, i) =>
      isIn(entry, name) ? [named((entry as Record<string, string>)[key] ?? "", [kind, i, key])] : [],
    );
  return {
    environment: name,
    file: loaded.places.file,
    prefix,
    protect: environment.protect === true,
    schedules: names(declaration.schedules ?? [], "schedules", "id"),
    urlGroups: names(declaration.url_groups ?? [], "url_groups", "name"),
    queues: names(declaration.queues ?? [], "queues", "name"),
  };
}

function resolveQueues(loaded: LoadedDeclaration, environment: string, named: Named): DesiredQueue[] {
  return (loaded.declaration.queues ?? []).flatMap((queue, i): DesiredQueue[] =>
    isIn(queue, environment)
      ? [
          {
            name: named(queue.name, ["queues", i, "name"]),
            parallelism: queue.parallelism ?? 1,
            paused: queue.paused,
          },
        ]
      : [],
  );
}

function resolveGroups(
  loaded: LoadedDeclaration,
  environment: string,
  expander: Expander,
  named: Named,
): DesiredUrlGroup[] {
  const { declaration, places } = loaded;
  return (declaration.url_groups ?? []).flatMap((group, i): DesiredUrlGroup[] => {
    if (!isIn(group, environment)) return [];
    const endpoints = group.endpoints.map((endpoint, j) => {
      const path = ["url_groups", i, "endpoints", j];
      const url = checkUrl(places, [...path, "url"], expander.value(endpoint.url, [...path, "url"]));
      return endpoint.name === undefined
        ? { url }
        : { name: expander.name(endpoint.name, [...path, "name"]), url };
    });
    const keys = endpoints.map((e, j) => ({ key: e.name ?? e.url, path: ["url_groups", i, "endpoints", j] }));
    refuseTwice(places, keys, "endpoint");
    return [{ name: named(group.name, ["url_groups", i, "name"]), endpoints }];
  });
}

/** Each made name with the path of the declaration it came from, for `refuseTwice`. */
function keyed(
  made: readonly { name: string }[],
  list: string,
  declared: readonly { environments?: readonly string[] | undefined }[],
  environment: string,
): { key: string; path: FieldPath }[] {
  const indexes = declared.flatMap((d, i) => (isIn(d, environment) ? [i] : []));
  return made.map((m, n) => ({ key: m.name, path: [list, indexes[n] ?? 0, "name"] }));
}
