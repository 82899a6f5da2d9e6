import type { Declaration, EnvironmentDeclaration } from "./declaration-schema.ts";
import type { FieldPath } from "./source-places.ts";

export type ResourceKind = "schedule" | "url_group" | "queue";

/** One declared schedule, URL group or queue, as the checks across environments see it. */
export interface DeclaredResource {
  kind: ResourceKind;
  /** Where its name (a schedule's id) is in the file. */
  namePath: FieldPath;
  name: string;
  environments: readonly string[] | undefined;
}

/** The prefix an environment gets when it names none. */
export const DEFAULT_PREFIX = "{env}-";

export function prefixOf(environment: EnvironmentDeclaration): string {
  return environment.prefix ?? DEFAULT_PREFIX;
}

export function declaredResources(declaration: Declaration): DeclaredResource[] {
  return [
    ...(declaration.schedules ?? []).map((s, i) => ({
      kind: "schedule" as const,
      namePath: ["schedules", i, "id"],
      name: s.id,
      environments: s.environments,
    })),
    ...(declaration.url_groups ?? []).map((g, i) => ({
      kind: "url_group" as const,
      namePath: ["url_groups", i, "name"],
      name: g.name,
      environments: g.environments,
    })),
    ...(declaration.queues ?? []).map((q, i) => ({
      kind: "queue" as const,
      namePath: ["queues", i, "name"],
      name: q.name,
      environments: q.environments,
    })),
  ];
}

/** A resource without `environments:` is in every environment. */
export function isIn(
  resource: { environments?: readonly string[] | undefined },
  environment: string,
): boolean {
  return resource.environments === undefined || resource.environments.includes(environment);
}
