import { closedPullRequests } from "@stashkit/ci-context";
import { type MaxAge, parseMaxAge, prefixPattern, pruneQStash, type QStashPreview } from "@stashkit/core";

import { messagingClient } from "../clients.ts";
import type { CommandContext } from "../context.ts";
import { pullRequestLookup } from "../github/pull-request-lookup.ts";
import type { CommandResult } from "../output/result.ts";
import { UsageError } from "../usage-error.ts";
import { openDeclaration } from "./qstash-declaration.ts";
import type { QStashPruneFlags } from "./qstash-prune.flags.ts";
import { appliedResult } from "./qstash-result.ts";

type StaleOf = (previews: readonly QStashPreview[], warn: (message: string) => void) => Promise<boolean[]>;

/**
 * `stashkit qstash prune`: deletes the previews of closed pull requests (or older than
 * --max-age): every schedule, URL group and queue whose name starts with the environment's
 * prefix for that pull request. Core's prune rule decides, as for `search prune`.
 */
export async function run(flags: QStashPruneFlags, context: CommandContext): Promise<CommandResult> {
  const maxAge = flags.maxAge === undefined ? undefined : parseMaxAge(flags.maxAge, "--max-age");
  const staleOf = readOpenSource(flags, maxAge, context);
  const { loaded, options } = await openDeclaration(flags, context);
  const pattern = prefixPattern(loaded, options);
  const client = messagingClient(flags, context);
  const warnings: string[] = [];
  const pruned = await context.terminal.progress(
    `pruning the previews of environment ${pattern.environment} (${pattern.template})`,
    pruneQStash(client, {
      pattern,
      staleOf: staleOf && ((previews) => staleOf(previews, (w) => warnings.push(w))),
      maxAge,
      deadline: context.deadline,
      dryRun: flags.dryRun === true,
      allowDelete: flags.allowDelete === true,
      force: flags.force === true,
    }),
  );
  const result = appliedResult(pruned.result, { title: "stashkit qstash prune", detailedExitcode: false });
  const why = pruned.stale.map(
    (p) =>
      `${p.name}: ${p.reason.kind === "closed" ? `pull request #${p.pr} is closed` : `older than ${p.reason.maxAge}`}`,
  );
  return {
    ...result,
    lines: [...why, ...result.lines],
    warnings: [...warnings, ...result.warnings],
    json: (withSecrets) => ({ ...result.json(withSecrets), stale: pruned.stale, kept: pruned.kept }),
  };
}

/** --open-from or --open (exactly one), or --max-age alone; checked before anything is sent. */
function readOpenSource(
  flags: QStashPruneFlags,
  maxAge: MaxAge | undefined,
  context: CommandContext,
): StaleOf | undefined {
  const given = [flags.open, flags.openFrom].filter((source) => source !== undefined).length;
  if (given > 1 || (given === 0 && maxAge === undefined)) {
    throw new UsageError(
      "--open-from",
      "give exactly one of --open-from github:<owner/repo> and --open <numbers…> (the pull requests still open), or --max-age",
    );
  }
  if (flags.openFrom !== undefined) {
    const lookup = pullRequestLookup(flags.openFrom, context);
    return async (previews, warn) => {
      const asked = previews.map((p) => ({ name: p.name, pr: p.pr }));
      return (await closedPullRequests(lookup, asked, warn)).map((verdict) => verdict.stale);
    };
  }
  if (flags.open === undefined) return undefined;
  const open = new Set(
    (flags.open === true ? [] : flags.open)
      .flatMap((entry) => entry.split(/[\s,]+/))
      .filter((value) => value !== "")
      .map((value) => {
        if (!/^\d+$/.test(value))
          throw new UsageError("--open", `--open takes pull request numbers; got ${JSON.stringify(value)}`);
        return String(Number(value));
      }),
  );
  return async (previews) => previews.map((p) => !open.has(p.pr));
}
