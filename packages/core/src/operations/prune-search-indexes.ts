import type { ManagementClient } from "../clients/management-client.ts";
import { ConfigurationError } from "../errors/index.ts";
import type { CallOptions } from "../transport/transport.ts";
import { type DeletedIndex, deleteById } from "./delete-search-index.ts";
import { TEMPLATE_PLACEHOLDERS } from "./name-template.ts";

export type TemplateValues = Partial<Record<(typeof TEMPLATE_PLACEHOLDERS)[number], string>>;

export interface PruneSearchIndexesInput extends CallOptions {
  /** A name template such as `myapp-pr-{pr}`; each placeholder captures its value. */
  pattern: string;
  /** Whether the index whose name gave these values should go, e.g. "is pull request 42 closed?". */
  isStale: (values: TemplateValues, index: DeletedIndex) => Promise<boolean> | boolean;
  /** Report what would be deleted, delete nothing. */
  dryRun?: boolean;
}

export interface PruneResult {
  /** Deleted, or with `dryRun` what would have been. */
  deleted: (DeletedIndex & { values: TemplateValues })[];
  kept: (DeletedIndex & { values: TemplateValues })[];
}

/**
 * Lists the indexes, keeps those whose names match the template, asks `isStale` about each
 * and deletes the stale ones (404 counts as deleted). Names are matched the way templates are
 * filled: `{pr}` and `{run_id}` are digits, the others sanitized words (`a-z`, `0-9`, `-`).
 */
export async function pruneSearchIndexes(
  client: ManagementClient,
  input: PruneSearchIndexesInput,
): Promise<PruneResult> {
  const matcher = templateMatcher(input.pattern);
  const call = { signal: input.signal, deadlineAt: input.deadlineAt };
  const result: PruneResult = { deleted: [], kept: [] };
  for (const index of await client.searchIndexes.list(call)) {
    const values = matcher(index.name);
    if (!values) continue;
    const entry = { name: index.name, id: index.id, values };
    if (await input.isStale(values, entry)) {
      if (!input.dryRun) await deleteById(client, index.id, call);
      result.deleted.push(entry);
    } else {
      result.kept.push(entry);
    }
  }
  return result;
}

const VALUE_PATTERNS: Record<(typeof TEMPLATE_PLACEHOLDERS)[number], string> = {
  pr: "[0-9]+",
  run_id: "[0-9]+",
  sha: "[a-z0-9]{7}",
  branch: "[a-z0-9]+(?:-[a-z0-9]+)*",
  repo: "[a-z0-9]+(?:-[a-z0-9]+)*",
};

/** Turns `myapp-pr-{pr}` into a function that returns `{pr: "42"}` for `myapp-pr-42`, or undefined. */
export function templateMatcher(
  pattern: string,
  input = "prune-pattern",
): (name: string) => TemplateValues | undefined {
  const names: (typeof TEMPLATE_PLACEHOLDERS)[number][] = [];
  const source = pattern.replace(/\{([^{}]*)\}|[^{]+|\{/g, (whole, raw: string | undefined) => {
    if (raw === undefined) return whole.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const placeholder = raw.trim() as (typeof TEMPLATE_PLACEHOLDERS)[number];
    if (!TEMPLATE_PLACEHOLDERS.includes(placeholder)) {
      throw new ConfigurationError(
        input,
        `${input} uses the unknown placeholder {${raw}}; the placeholders are ${TEMPLATE_PLACEHOLDERS.map((p) => `{${p}}`).join(", ")}`,
      );
    }
    if (names.includes(placeholder))
      throw new ConfigurationError(input, `${input} uses {${placeholder}} twice`);
    names.push(placeholder);
    return `(${VALUE_PATTERNS[placeholder]})`;
  });
  if (names.length === 0)
    throw new ConfigurationError(input, `${input} must contain a placeholder such as {pr}`);
  const regex = new RegExp(`^${source}$`);
  return (name) => {
    const match = regex.exec(name);
    if (!match) return undefined;
    return Object.fromEntries(names.map((placeholder, i) => [placeholder, match[i + 1] as string]));
  };
}
