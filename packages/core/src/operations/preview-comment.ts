import { escapeMarkdown, markdownTable } from "../lib/markdown.ts";
import type { SearchIndex } from "../schemas/search-index.ts";
import type { SeedReport } from "./seed-report.ts";

/**
 * The hidden first line that finds a preview's comment again on the next push: one comment per
 * pull request and index. The name is percent-encoded, so no name can end the HTML comment.
 */
export function previewCommentMarker(indexName: string): string {
  return `<!-- stashkit-preview: ${encodeURIComponent(indexName)} -->`;
}

export interface PreviewFacts {
  index: Pick<SearchIndex, "name" | "id" | "region" | "type">;
  created: boolean;
  seeded: SeedReport;
  /** `ephemeral: true`: deleted when the job ends; otherwise when the pull request closes. */
  ephemeral: boolean;
  /** The commit this run is for (shown short). */
  commit?: string | undefined;
}

/**
 * The pull request comment of a preview: what the index is (name, id, region, plan), what was
 * seeded, and how it will be deleted. Never a token or the endpoint: whoever can read the pull
 * request can read the comment. Every value is escaped.
 */
export function previewCommentBody(facts: PreviewFacts): string {
  const { index, seeded } = facts;
  const documents =
    seeded.indexes.length === 0
      ? "none asked for"
      : seeded.indexes
          .map((entry) => `${entry.index}: ${entry.seeded ? `${entry.written} written` : "seeded before"}`)
          .join(", ");
  const table = markdownTable(
    ["search index", "id", "region", "plan", "documents seeded"],
    [[index.name, index.id, index.region, index.type, documents]],
  );
  const deletion = facts.ephemeral
    ? "It is deleted when the job that created it ends (`ephemeral: true`)."
    : "It stays until this pull request closes; the `delete-search-index` step of the clean-up workflow then deletes it and edits this comment (a nightly prune with `max-age` removes what a missed close leaves).";
  const commit = facts.commit ? ` for ${escapeMarkdown(facts.commit.slice(0, 7))}` : "";
  return [
    previewCommentMarker(index.name),
    `### Search preview ${facts.created ? "created" : "updated"}${commit}`,
    "",
    table,
    "",
    deletion,
    "",
  ].join("\n");
}

/** The comment once the preview is deleted: what went, and that its tokens no longer work. */
export function previewGoneCommentBody(facts: { name: string; deleted: string[]; at?: Date }): string {
  const at = (facts.at ?? new Date()).toISOString().replace(/\.\d{3}Z$/, "Z");
  const what =
    facts.deleted.length === 0
      ? "Nothing was left to delete."
      : `Deleted: ${facts.deleted.map(escapeMarkdown).join(", ")}.`;
  return [
    previewCommentMarker(facts.name),
    `### Search preview deleted`,
    "",
    `The preview ${escapeMarkdown(facts.name)} is gone (${at}): ${what} Its tokens no longer work.`,
    "",
  ].join("\n");
}
