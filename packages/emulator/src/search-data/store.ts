import { storeArea } from "../state/area.ts";
import { persistedDocumentsSchema, SearchDocuments } from "./search-documents.ts";

const searchDataShape = {
  /**
   * Index id → namespace → documents. Read from the file into `SearchDocuments` (which builds
   * the full-text indexes) and written back through its `toJSON`. A file from before the data
   * plane lacks the key and starts with no documents.
   */
  searchDocuments: persistedDocumentsSchema
    .default({})
    .transform((persisted) => new SearchDocuments(persisted)),
};

/** The search data plane's state: the documents of every index. */
export const searchDataArea = storeArea({ name: "search-data", shape: searchDataShape });
