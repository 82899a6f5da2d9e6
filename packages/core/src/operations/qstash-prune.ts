import type { PrefixPattern } from "../qstash-files/prefix-pattern.ts";
import type { MaxAge } from "../schemas/max-age.ts";
import type { CallOptions } from "../transport/call-options.ts";
import { judgeCandidates, type PruneReason, requirePruneRule } from "./prune-verdicts.ts";
import { type ApplyQStashResult, carryOut } from "./qstash-apply.ts";
import type { QStashPlan } from "./qstash-changes.ts";
import { type LiveAccount, type QStashAccount, readLiveAccount } from "./qstash-live.ts";
import { ownedSteps } from "./qstash-steps.ts";

/** The resources of one pull request's environment, found by its prefix. */
export interface QStashPreview {
  /** The whole prefix, e.g. `preview-42-`: what prune candidates are known by. */
  name: string;
  pr: string;
  /** The earliest creation time among them (ms). */
  createdAt: number | undefined;
}

export interface PruneQStashInput extends CallOptions {
  pattern: PrefixPattern;
  /** Asked once about the previews no other rule decided: whether each one's pull request is closed. */
  staleOf?:
    | ((previews: readonly QStashPreview[]) => Promise<readonly boolean[]> | readonly boolean[])
    | undefined;
  maxAge?: MaxAge | undefined;
  now?: number | undefined;
  dryRun?: boolean | undefined;
  allowDelete?: boolean | undefined;
  force?: boolean | undefined;
}

export interface PruneQStashResult {
  result: ApplyQStashResult;
  /** The previews whose resources go, with why. */
  stale: (QStashPreview & { reason: PruneReason })[];
  kept: QStashPreview[];
}

/**
 * Deletes the resources of the previews whose pull request is closed (or that are older than
 * `maxAge`): every schedule, URL group and queue whose name starts with the environment's
 * prefix for that pull request. The core's one prune rule (`judgeCandidates`) decides; a queue
 * with messages waiting is kept unless `force`.
 */
export async function pruneQStash(
  account: QStashAccount,
  input: PruneQStashInput,
): Promise<PruneQStashResult> {
  requirePruneRule(input, "--open-from");
  const live = await readLiveAccount(account, input);
  const previews = previewsOf(live, input.pattern);
  const verdicts = await judgeCandidates(previews, {
    staleOf: input.staleOf,
    maxAge: input.maxAge,
    createdAt: (preview) => preview.createdAt,
    now: input.now,
  });
  const stale = new Set(verdicts.stale.map((preview) => preview.name));
  const steps = ownedSteps(live, (name) => {
    const found = input.pattern.match(name);
    return found !== undefined && stale.has(found.prefix);
  });
  const plan: QStashPlan = {
    environment: input.pattern.environment,
    prefix: input.pattern.template,
    protect: input.pattern.protect,
    changes: steps.map((step) => step.change),
    unchanged: 0,
  };
  const result = await carryOut(account, plan, steps, { ...input, protect: input.pattern.protect });
  return { result, stale: verdicts.stale, kept: verdicts.kept };
}

function previewsOf(live: LiveAccount, pattern: PrefixPattern): QStashPreview[] {
  const byPrefix = new Map<string, QStashPreview>();
  const listed = [
    ...live.schedules.map((s) => ({ name: s.scheduleId, createdAt: s.createdAt })),
    ...live.urlGroups.map((g) => ({ name: g.name, createdAt: g.createdAt })),
    ...live.queues.map((q) => ({ name: q.name, createdAt: q.createdAt })),
  ];
  for (const { name, createdAt } of listed) {
    const found = pattern.match(name);
    if (found === undefined) continue;
    const known = byPrefix.get(found.prefix) ?? { name: found.prefix, pr: found.pr, createdAt: undefined };
    const earliest = [known.createdAt, createdAt].filter((t): t is number => t !== undefined);
    byPrefix.set(found.prefix, {
      ...known,
      createdAt: earliest.length > 0 ? Math.min(...earliest) : undefined,
    });
  }
  return [...byPrefix.values()];
}
