import type { ManagementClient } from "../clients/management-client.ts";
import { templateMatcher } from "../templates/match.ts";
import type { TemplateValues } from "../templates/placeholders.ts";
import type { CallOptions } from "../transport/transport.ts";
import { deleteById } from "./delete-by-id.ts";
import type { IndexRef } from "./delete-search-index.ts";

/** An index whose name the pattern matched, with the values read from the name. */
export interface MatchedIndex extends IndexRef {
  values: TemplateValues;
}

export interface PruneSearchIndexesInput extends CallOptions {
  /** A name template such as `myapp-pr-{pr}`; each placeholder captures its value. */
  pattern: string;
  /** The name the caller knows the pattern by, for messages. Default `pattern`. */
  patternInput?: string;
  /** Whether the index whose name gave these values should go, e.g. "is pull request 42 closed?". */
  isStale: (values: TemplateValues, index: IndexRef) => Promise<boolean> | boolean;
  /** Report what would be deleted, delete nothing. */
  dryRun?: boolean;
}

export interface PruneResult {
  /** Deleted, or with `dryRun` what would have been. */
  deleted: MatchedIndex[];
  kept: MatchedIndex[];
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
  const matcher = templateMatcher(input.pattern, input.patternInput);
  const call = { signal: input.signal, deadlineAt: input.deadlineAt };
  const result: PruneResult = { deleted: [], kept: [] };
  for (const index of await client.searchIndexes.list(call)) {
    const values = matcher(index.name);
    if (!values) continue;
    const entry: MatchedIndex = { name: index.name, id: index.id, values };
    if (await input.isStale(values, entry)) {
      if (!input.dryRun) await deleteById(client, index.id, call);
      result.deleted.push(entry);
    } else {
      result.kept.push(entry);
    }
  }
  return result;
}
