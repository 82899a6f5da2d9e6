import { StashkitError } from "./stashkit-error.ts";

export interface Mismatch {
  field: "region" | "type";
  wanted: string;
  found: string;
}

/** An index with the name exists, but in another region or on another plan than asked for. */
export class IndexMismatchError extends StashkitError {
  override name = "IndexMismatchError";
  readonly indexName: string;
  readonly indexId: string;
  readonly mismatches: Mismatch[];

  /** `onMismatchInput`: what the caller calls the choice (`--on-mismatch`, `on-mismatch`), for the advice. */
  constructor(indexName: string, indexId: string, mismatches: Mismatch[], onMismatchInput = "onMismatch") {
    const found = mismatches.map((m) => `${m.field} ${m.found}`).join(" and ");
    const wanted = mismatches.map((m) => `${m.field} ${m.wanted}`).join(" and ");
    // A flag takes its value after a space (`--on-mismatch warn`), an input or option after a colon.
    const accept = onMismatchInput.startsWith("--") ? `${onMismatchInput} warn` : `${onMismatchInput}: warn`;
    super(
      `search index "${indexName}" (id ${indexId}) exists with ${found}, but ${wanted} was asked for; ` +
        `change the inputs, delete the index, or accept it with ${accept}`,
      { operation: `ensure search index ${indexName}` },
    );
    this.indexName = indexName;
    this.indexId = indexId;
    this.mismatches = mismatches;
  }
}
