import type { SearchIndexData } from "../clients/search-index-data.ts";
import { MAX_PAGE_SIZE } from "../schemas/search-data-inputs.ts";
import type { CallOptions } from "../transport/call-options.ts";

/**
 * The documents of one SDK index as lines of a seed file (NDJSON, `{id, content, metadata?}`
 * each), page by page: what `checkSeedFiles` and a seed read back unchanged. The data plane keeps
 * no other field of a document, so nothing is lost; memory holds one page.
 */
export async function* exportDocumentLines(
  data: SearchIndexData,
  options: CallOptions & { namespace: string; pageSize?: number },
): AsyncGenerator<string> {
  const { namespace, pageSize = MAX_PAGE_SIZE } = options;
  const call = { deadline: options.deadline, signal: options.signal, namespace };
  let cursor = "0";
  do {
    const page = await data.rangePage({ cursor, limit: pageSize }, call);
    for (const { id, content, metadata } of page.documents) {
      yield JSON.stringify(metadata === undefined ? { id, content } : { id, content, metadata });
    }
    cursor = page.nextCursor;
  } while (cursor !== "");
}
