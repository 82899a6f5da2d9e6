import type { ManagementClient } from "../clients/management-client.ts";
import {
  ConflictError,
  IndexMismatchError,
  InvalidRequestError,
  type Mismatch,
  ResponseValidationError,
  StashkitError,
  UnexpectedStatusError,
} from "../errors/index.ts";
import { oneOf, validateIndexName, validatePlan, validateRegion } from "../schemas/inputs.ts";
import {
  normalizePlan,
  type SearchIndex,
  type SearchPlan,
  type SearchRegion,
} from "../schemas/search-index.ts";
import { type ProtectRule, refuseProtected } from "../templates/protect.ts";
import type { CallOptions } from "../transport/call-options.ts";
import { deleteById } from "./delete-by-id.ts";

export interface EnsureSearchIndexInput extends CallOptions {
  name: string;
  region: string;
  /** Default `free`. */
  type?: string;
  /** `fail` (default): an existing index in another region or plan is an error. `warn`: use it anyway. */
  onMismatch?: "fail" | "warn";
  /** Margin past the winner's creation second before the outcome counts as settled. Default 250 ms. */
  settleMarginMs?: number;
  /** Names no run may ensure (a production index): refused before anything is sent. */
  protect?: ProtectRule | undefined;
  /** What the caller calls `name`, for messages. Default `name`. */
  nameInput?: string;
  /** What the caller calls `onMismatch` (`--on-mismatch`, `on-mismatch`), for messages. Default `onMismatch`. */
  onMismatchInput?: string;
}

export interface EnsureResult {
  index: SearchIndex;
  /** Whether this call created the index (false when it found one, or adopted one after a race). */
  created: boolean;
  /** Differences from what was asked for; only ever non-empty with `onMismatch: "warn"`. */
  mismatches: Mismatch[];
  /** Other indexes with the same name still listed. */
  duplicates: SearchIndex[];
  /** Things the caller should tell the user. */
  warnings: string[];
  /** Create requests sent. */
  createRequests: number;
}

/**
 * Makes sure one search index with this name exists and returns it. Safe to run from many
 * workflows at once: N concurrent calls leave one index and all return the same id.
 *
 * 1. List and match the name exactly.
 * 2. Several matches: the oldest (creation_time, then id) wins; the others are reported.
 * 3. One match: region and plan are compared (`paid` is the same plan as `payg`).
 * 4. None: create. If create fails ambiguously (5xx, timeout, reset after sending, a body we
 *    cannot read) or says the name exists, list again and adopt a match before creating again.
 * 5. After creating, list again; the oldest wins everywhere, and a run whose own index lost
 *    deletes it. An outcome counts only from a list *sent* after the winner's creation second
 *    is over (by `settleMarginMs`): any index created later has a larger creation_time and
 *    cannot win, so no run can see a different winner afterwards. (When the answer arrived
 *    proves nothing: a slow answer may show the state of a moment before the second was over.)
 */
export async function ensureSearchIndex(
  client: ManagementClient,
  input: EnsureSearchIndexInput,
): Promise<EnsureResult> {
  return ensureSearchIndexListedBy(client, input, undefined);
}

/**
 * How the ensure's first list is made, when a caller needs more from that listing than the
 * indexes of this name (a clone's source, found by the same request): it returns the indexes
 * named `name` and may throw to stop the ensure before anything is created.
 */
export type FirstListing = (name: string, call: CallOptions) => Promise<SearchIndex[]>;

/** `ensureSearchIndex` whose first list is `firstListing`'s (the later ones are its own). */
export async function ensureSearchIndexListedBy(
  client: ManagementClient,
  input: EnsureSearchIndexInput,
  firstListing: FirstListing | undefined,
): Promise<EnsureResult> {
  const name = validateIndexName(input.name, input.nameInput);
  refuseProtected(input.protect, name, { input: input.nameInput ?? "name", action: "ensure" });
  const region = validateRegion(input.region);
  const type = validatePlan(input.type ?? "free");
  const onMismatchInput = input.onMismatchInput ?? "onMismatch";
  const onMismatch = oneOf(input.onMismatch ?? "fail", ["fail", "warn"] as const, onMismatchInput);
  const call: CallOptions = { signal: input.signal, deadline: input.deadline };
  const warnings: string[] = [];
  const { matches, ownId, createRequests } = await settledMatches(client, {
    wanted: { name, region, type },
    call,
    settleMarginMs: input.settleMarginMs ?? 250,
    warnings,
    firstListing,
  });

  const winner = oldest(matches);
  let duplicates = matches.filter((index) => index.id !== winner.id);
  if (ownId !== undefined && ownId !== winner.id) {
    await deleteById(client, ownId, call);
    duplicates = duplicates.filter((index) => index.id !== ownId);
    warnings.push(
      `another run created "${name}" at the same time; using its index ${winner.id} and deleted this run's ${ownId}`,
    );
  }
  if (duplicates.length > 0) {
    warnings.push(
      `${duplicates.length + 1} search indexes are named "${name}"; using the oldest, ${winner.id}; the others: ${duplicates.map((d) => d.id).join(", ")}`,
    );
  }
  const mismatches = compare(winner, { name, region, type }, { onMismatch, onMismatchInput }, warnings);
  return { index: winner, created: ownId === winner.id, mismatches, duplicates, warnings, createRequests };
}

interface Settling {
  wanted: { name: string; region: SearchRegion; type: SearchPlan };
  call: CallOptions;
  settleMarginMs: number;
  /** Where a warning about the deadline goes. */
  warnings: string[];
  firstListing: FirstListing | undefined;
}

/**
 * Steps 1, 4 and 5: the indexes with the name, creating one when there is none, listed again
 * until a list sent after the oldest one's creation second shows them (or the deadline leaves no
 * time to wait). `ownId` is the index this run created, when it knows.
 */
async function settledMatches(
  client: ManagementClient,
  settling: Settling,
): Promise<{ matches: SearchIndex[]; ownId: string | undefined; createRequests: number }> {
  const { wanted, call } = settling;
  const budget = client.retryBudget(call);
  // A list shows the server's state at some moment after it was sent, so what it proves is
  // bounded by when it was sent, not by when its answer arrived (which, on a loaded machine or
  // network, can be long after). Only the indexes with this name are used or printed, so only
  // their tokens are registered.
  let listSentAt = Number.NEGATIVE_INFINITY;
  let firstListing = settling.firstListing;
  const listMatches = async () => {
    listSentAt = budget.now();
    const listing = firstListing ?? ((name: string) => client.searchIndexes.findByName(name, call));
    firstListing = undefined;
    return listing(wanted.name, call);
  };
  let ownId: string | undefined;
  let createRequests = 0;
  let matches = await listMatches();
  for (;;) {
    if (matches.length === 0) {
      createRequests++;
      try {
        const created = await client.searchIndexes.create(wanted, call);
        ownId = created.id;
        matches = [created];
        // Known from the create alone: look again once it has settled.
        listSentAt = Number.NEGATIVE_INFINITY;
      } catch (error) {
        if (!isAlreadyExists(error) && !mayHaveTakenEffect(error)) throw error;
        // An answer we could not use may still name what was created: then it is ours.
        if (error instanceof ResponseValidationError && error.resourceId) ownId = error.resourceId;
        matches = await listMatches();
        // Nothing was created after all: wait as the retry policy says, then create again.
        if (matches.length === 0) await budget.retryAfter(error);
        continue;
      }
    }
    const settledAt = settledAfter(oldest(matches), settling.settleMarginMs);
    if (listSentAt >= settledAt) break;
    if (!(await budget.waitUntil(settledAt))) {
      settling.warnings.push(
        `the deadline left no time to confirm that no concurrent run created "${wanted.name}" too`,
      );
      break;
    }
    matches = await listMatches();
  }
  return { matches, ownId, createRequests };
}

/** Step 3: region and plan against what was asked for; a difference fails, or warns with `warn`. */
function compare(
  winner: SearchIndex,
  wanted: Settling["wanted"],
  { onMismatch, onMismatchInput }: { onMismatch: "fail" | "warn"; onMismatchInput: string },
  warnings: string[],
): Mismatch[] {
  const mismatches: Mismatch[] = [];
  if (winner.region !== wanted.region)
    mismatches.push({ field: "region", wanted: wanted.region, found: winner.region });
  if (normalizePlan(winner.type) !== wanted.type)
    mismatches.push({ field: "type", wanted: wanted.type, found: winner.type });
  if (mismatches.length > 0) {
    const error = new IndexMismatchError(wanted.name, winner.id, mismatches, onMismatchInput);
    if (onMismatch === "fail") throw error;
    warnings.push(
      error.message.replace(/; change the inputs.*$/, `; using it because ${onMismatchInput} is warn`),
    );
  }
  return mismatches;
}

/** The oldest by creation_time, then by id: the same choice in every run that sees the same list. */
export function oldest(indexes: readonly SearchIndex[]): SearchIndex {
  const sorted = [...indexes].sort(
    (a, b) =>
      (a.creation_time ?? Number.POSITIVE_INFINITY) - (b.creation_time ?? Number.POSITIVE_INFINITY) ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  const first = sorted[0];
  if (!first) throw new Error("oldest() needs at least one index");
  return first;
}

/** When no index created later can sort before this one. Without creation_time there is nothing to wait for. */
function settledAfter(index: SearchIndex, marginMs: number): number {
  return index.creation_time === undefined ? 0 : (index.creation_time + 1) * 1000 + marginMs;
}

function isAlreadyExists(error: unknown): boolean {
  if (error instanceof ConflictError) return true;
  const saysSo = (message: string | undefined) =>
    /already exists|already taken|duplicate|in use/i.test(message ?? "");
  return (
    (error instanceof InvalidRequestError || error instanceof UnexpectedStatusError) &&
    saysSo(error.apiMessage)
  );
}

/** The create failed in a way that may have created the index all the same: look before trying again. */
function mayHaveTakenEffect(error: unknown): boolean {
  return error instanceof StashkitError && error.mayHaveTakenEffect;
}
