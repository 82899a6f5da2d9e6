import MiniSearch from "minisearch";
import { documents, queries } from "./documents.ts";
import { percentile } from "./scale-run.ts";

/**
 * The floor for search: MiniSearch used directly, in this process, over the same documents (their
 * content's words, keys included, as the emulator indexes them) with the emulator's former options
 * (prefix terms, a typo in words of five letters or more), timed on the same queries. No HTTP, no
 * JSON: what a search costs at the least. Documents come in the same batches as the emulator's,
 * so they are the same documents.
 */
export function miniSearchP95(count: number, batch: number, searches: number): number {
  const engine = new MiniSearch<{ id: string; text: string }>({
    fields: ["text"],
    storeFields: [],
    searchOptions: { prefix: true, fuzzy: (term) => (term.length >= 5 ? 0.2 : false), combineWith: "OR" },
  });
  for (let at = 0; at < count; at += batch) {
    for (const document of documents(Math.min(batch, count - at), at)) {
      const { title, description, category } = document.content;
      engine.add({
        id: document.id,
        text: ["title", title, "description", description, "category", category].join("\n"),
      });
    }
  }
  const times: number[] = [];
  for (const query of queries(searches)) {
    const started = performance.now();
    engine.search(query).slice(0, 10);
    times.push(performance.now() - started);
  }
  return percentile(times, 0.95);
}
