import { ConfigurationError } from "../errors/index.ts";
import { isOlderThan, type MaxAge } from "../schemas/max-age.ts";
import type { ProtectRule } from "../templates/protect.ts";

/** Why a prune deletes a candidate: its pull request is closed, or it is older than `max-age`. */
export type PruneReason = { kind: "closed" } | { kind: "older"; createdAt: number; maxAge: string };

/** A candidate a prune deletes (or would, in a dry run), with why. */
export type Stale<C> = C & { reason: PruneReason };
/** A candidate the `protect` rule kept from the prune, with the entry that matched. */
export type Protected<C> = C & { protectedBy: string };

export interface PruneRules<C> {
  /** Asked once about the candidates no other rule decided: one boolean each, in order. */
  staleOf?: ((candidates: readonly C[]) => Promise<readonly boolean[]> | readonly boolean[]) | undefined;
  /** Delete what is older than this, whatever `staleOf` says. */
  maxAge?: MaxAge | undefined;
  /** When each candidate was created (ms since the epoch); undefined when unknown (never too old). */
  createdAt?: ((candidate: C) => number | undefined) | undefined;
  /** Candidates matching it are kept, whatever else holds. */
  protect?: ProtectRule | undefined;
  /** Now, in ms since the epoch. Default `Date.now()`. */
  now?: number | undefined;
}

export interface Verdicts<C> {
  stale: Stale<C>[];
  kept: C[];
  protected: Protected<C>[];
}

/**
 * The one rule of both prunes (indexes, and SDK indexes inside a database): a protected
 * candidate is kept and never asked about; one older than `maxAge` goes; `staleOf` is asked
 * about the rest at once (a GitHub lookup of 100 pull requests a request), and what it calls
 * stale goes as closed.
 */
export async function judgeCandidates<C extends { name: string }>(
  candidates: readonly C[],
  rules: PruneRules<C>,
): Promise<Verdicts<C>> {
  const now = rules.now ?? Date.now();
  const verdicts: Verdicts<C> = { stale: [], kept: [], protected: [] };
  const undecided: C[] = [];
  for (const candidate of candidates) {
    const protectedBy = rules.protect?.match(candidate.name);
    const createdAt = rules.maxAge ? rules.createdAt?.(candidate) : undefined;
    if (protectedBy !== undefined) verdicts.protected.push({ ...candidate, protectedBy });
    else if (rules.maxAge && createdAt !== undefined && isOlderThan(createdAt, rules.maxAge, now))
      verdicts.stale.push({ ...candidate, reason: { kind: "older", createdAt, maxAge: rules.maxAge.text } });
    else undecided.push(candidate);
  }
  const answers = rules.staleOf && undecided.length > 0 ? await rules.staleOf(undecided) : [];
  if (rules.staleOf && answers.length !== undecided.length) {
    throw new Error(`staleOf answered ${answers.length} verdicts for ${undecided.length} candidates`);
  }
  undecided.forEach((candidate, n) => {
    if (answers[n] === true) verdicts.stale.push({ ...candidate, reason: { kind: "closed" } });
    else verdicts.kept.push(candidate);
  });
  return verdicts;
}

/** "closed" (its pull request, or whatever staleOf asks about), "older than 7d (created 2025-01-02T03:04:05Z)": for logs and summaries. */
export function pruneReasonText(reason: PruneReason): string {
  if (reason.kind === "closed") return "closed";
  const created = new Date(reason.createdAt).toISOString().replace(/\.\d{3}Z$/, "Z");
  return `older than ${reason.maxAge} (created ${created})`;
}

/** A prune with neither rule would keep everything: refused before anything is sent. */
export function requirePruneRule(
  rules: { staleOf?: unknown; maxAge?: MaxAge | undefined },
  input: string,
): void {
  if (rules.staleOf === undefined && rules.maxAge === undefined) {
    throw new ConfigurationError(
      input,
      `a prune by ${input} needs a rule for what goes: closed pull requests (staleOf) or a max-age`,
    );
  }
}
