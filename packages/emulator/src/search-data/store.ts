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
  reset: (documents) => documents.clear(),
});
