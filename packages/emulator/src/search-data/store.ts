import { storeArea } from "../state/area.ts";
import { persistedDocumentsSchema, SearchDocuments } from "./search-documents.ts";

/** The search data plane's state: the documents of every index. */
export const searchDataArea = storeArea({
  name: "search-data",
  shape: {
    /** Index id → namespace → documents. A snapshot from before the data plane has none. */
    searchDocuments: persistedDocumentsSchema,
  },
  open: (engine, context) => new SearchDocuments(engine, context),
  exportKeys: (documents) => ({ searchDocuments: documents.toJSON() }),
  importKeys: (documents, keys) => documents.load(keys.searchDocuments),
  bounds: [
    {
      limit: "documents",
      what: "search documents",
      inKeys: (keys) =>
        sumOver(keys.searchDocuments, (namespaces) => sumOver(namespaces, (documents) => documents.length)),
      inStores: (documents) => documents.totals().documents,
    },
    {
      limit: "namespaces",
      what: "search namespaces",
      inKeys: (keys) => sumOver(keys.searchDocuments, (namespaces) => namespaces.size),
      inStores: (documents) => documents.totals().namespaces,
    },
  ],
  reset: (documents) => documents.clear(),
});

function sumOver<T>(map: ReadonlyMap<string, T>, count: (value: T) => number): number {
  let sum = 0;
  for (const value of map.values()) sum += count(value);
  return sum;
}
