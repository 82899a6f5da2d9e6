import type { SearchIndexData } from "../clients/search-index-data.ts";
import { AbortedError, DeadlineExceededError } from "../errors/index.ts";
import { inNamespace } from "../resources/search-routes.ts";
import type { SearchIndexInfo } from "../schemas/search-data.ts";
import { validateNamespace } from "../schemas/search-data-inputs.ts";
import type { Deadline } from "../transport/deadline.ts";

export interface WaitUntilIndexedOptions {
  /** Wait for this namespace alone ("" is the default one); by default for every namespace. */
  namespace?: string;
  /** When to give up: a DeadlineExceededError saying how many documents are still pending. */
  deadline: Deadline;
  signal?: AbortSignal;
  /** The first wait between two polls; each wait doubles, up to 2 s. Default 100 ms. */
  intervalMs?: number;
}

const MAX_INTERVAL_MS = 2_000;
const OPERATION = "wait until indexed";

/**
 * Polls `info` until no document is pending (every upserted document is searchable), and returns
 * the last answer. The service indexes upserts asynchronously; the emulator does so when its
 * indexing delay is set. Stops at the deadline (or the client's, when earlier).
 */
export async function waitUntilIndexed(
  index: SearchIndexData,
  options: WaitUntilIndexedOptions,
): Promise<SearchIndexInfo> {
  const { namespace, deadline, signal } = options;
  if (namespace !== undefined) validateNamespace(namespace);
  const call = { deadline, signal };
  const budget = index.retryBudget(call);
  for (let wait = options.intervalMs ?? 100; ; wait = Math.min(wait * 2, MAX_INTERVAL_MS)) {
    const info = await index.info(call);
    const pending = pendingIn(info, namespace);
    if (pending === 0) return info;
    let waited: boolean;
    try {
      waited = await budget.waitUntil(budget.now() + wait);
    } catch (cause) {
      if (signal?.aborted)
        throw new AbortedError(`${OPERATION}: was aborted by the caller`, { operation: OPERATION });
      throw cause;
    }
    if (!waited) {
      const where = namespace === undefined ? "in the index" : inNamespace({ namespace });
      throw new DeadlineExceededError(
        `${OPERATION}: ${pending} documents still pending ${where} at the deadline`,
        { operation: OPERATION },
      );
    }
  }
}

function pendingIn(info: SearchIndexInfo, namespace: string | undefined): number {
  if (namespace === undefined) return info.pendingVectorCount;
  return info.namespaces[namespace]?.pendingVectorCount ?? 0;
}
