import { closedPullRequests, type PullRequestLookup } from "@stashkit/ci-context";
import {
  expandNameTemplate,
  type MaxAge,
  type Placeholder,
  parseMaxAge,
  pruneSdkIndexes,
  pruneSearchIndexes,
  refuseProtected,
  templateMatcher,
} from "@stashkit/core";
import { TEMPLATE_PLACEHOLDERS } from "@stashkit/core/internal";
import { managementClient, searchDataClient } from "../clients.ts";
import type { CommandContext } from "../context.ts";
import { pullRequestLookup } from "../github/pull-request-lookup.ts";
import { nonEmpty } from "../options/common.ts";
import { nameExpander } from "../options/run-values.ts";
import type { CommandResult } from "../output/result.ts";
import { UsageError } from "../usage-error.ts";
import { prunedReport } from "./index-refs.ts";
import { readProtect } from "./protect.ts";
import type { PruneFlags } from "./search-prune.flags.ts";

/** A candidate of either prune: its name and the values its pattern read out of it. */
type Candidate = { name: string; values: Partial<Record<Placeholder, string>> };
/** Which candidates are stale; warnings said on the way go into the command's result. */
type StaleOf = (candidates: readonly Candidate[], warn: (message: string) => void) => Promise<boolean[]>;

/**
 * `stashkit search prune`: deletes the indexes (or, with --name, the SDK indexes of that
 * database) whose name matches the pattern and whose value (the pull request of `{pr}`, or the
 * pattern's one placeholder) is not among the open ones, or that are older than --max-age.
 */
export async function run(flags: PruneFlags, context: CommandContext): Promise<CommandResult> {
  const pattern = nonEmpty(flags.pattern, "--pattern");
  templateMatcher(pattern, "--pattern");
  const maxAge = flags.maxAge === undefined ? undefined : parseMaxAge(flags.maxAge, "--max-age");
  const openSource = readOpenSource(flags, pattern, maxAge, context);
  const protect = readProtect(flags);
  const database =
    flags.name === undefined ? undefined : nameExpander(flags, context.env)(flags.name, "--name");
  if (database !== undefined) refuseProtected(protect, database, { input: "--name", action: "prune inside" });
  const client = managementClient(flags, context);
  const dryRun = flags.dryRun === true;
  const warnings: string[] = [];
  const rules = {
    pattern,
    patternInput: "--pattern",
    dryRun,
    maxAge,
    protect,
    staleOf:
      openSource && ((candidates: readonly Candidate[]) => openSource(candidates, (w) => warnings.push(w))),
  };
  if (database !== undefined) {
    const { index, data } = await searchDataClient(client, database, context, { flag: "--name" });
    const result = await context.terminal.progress(
      `pruning SDK indexes of ${database} matching ${pattern}`,
      pruneSdkIndexes(data, { ...rules, deadline: context.deadline }),
    );
    const ref = <T extends { name: string }>(entry: T) => ({ ...entry, id: index.id });
    const report = prunedReport(
      {
        ...result,
        deleted: result.deleted.map(ref),
        kept: result.kept.map(ref),
        protected: result.protected.map(ref),
      },
      dryRun,
    );
    return { ...report, warnings: [...warnings, ...report.warnings] };
  }
  const result = await context.terminal.progress(
    `pruning search indexes matching ${pattern}`,
    pruneSearchIndexes(client, rules),
  );
  // Out of time midway: fail as before, naming the reason; a later run continues (deleting is idempotent).
  if (result.stoppedBy) throw result.stoppedBy;
  const report = prunedReport(result, dryRun);
  return { ...report, warnings: [...warnings, ...report.warnings] };
}

/**
 * What is still open: --open's values, or GitHub's pull requests (--open-from); both are checked
 * before anything is sent, and GitHub is asked once the candidates are known. With --max-age
 * neither is needed.
 */
function readOpenSource(
  flags: PruneFlags,
  pattern: string,
  maxAge: MaxAge | undefined,
  context: CommandContext,
): StaleOf | undefined {
  const given = [flags.open, flags.openFrom].filter((source) => source !== undefined).length;
  if (given > 1 || (given === 0 && maxAge === undefined)) {
    throw new UsageError(
      "--open",
      "give exactly one of --open <values…> (the values still in use) and --open-from github:<owner/repo>, or --max-age",
    );
  }
  if (given === 0) return undefined;
  const key = keyPlaceholder(pattern);
  return flags.open === undefined
    ? closedOnGitHub(gitHubLookup(flags.openFrom ?? "", key, context))
    : notAmong(openValues(flags.open === true ? [] : flags.open, key), key);
}

function notAmong(open: Set<string>, key: Placeholder): StaleOf {
  return async (candidates) => candidates.map((c) => !open.has(c.values[key] ?? ""));
}

/** The rule of the shared GitHub adapter, the delete-search-index action's too: a pull request GitHub does not show is kept. */
function closedOnGitHub(lookup: PullRequestLookup): StaleOf {
  return async (candidates, warn) => {
    const asked = candidates.map((c) => ({ name: c.name, pr: c.values.pr ?? "" }));
    const verdicts = await closedPullRequests(lookup, asked, warn);
    return verdicts.map((v) => v.stale);
  };
}

/** `{pr}` when the pattern has it, else its only placeholder. */
function keyPlaceholder(pattern: string): Placeholder {
  const used = TEMPLATE_PLACEHOLDERS.filter((p) => pattern.includes(`{${p}}`));
  if (used.includes("pr")) return "pr";
  const [only, ...rest] = used;
  if (only === undefined || rest.length > 0) {
    throw new UsageError(
      "--pattern",
      `--pattern must contain {pr}, or exactly one other placeholder: it is how an index is tied to what is still open; got ${JSON.stringify(pattern)}`,
    );
  }
  return only;
}

/** The open values as names carry them: `Feature/X` becomes `feature-x`; pull requests are numbers. */
function openValues(given: string[], key: Placeholder): Set<string> {
  const values = given.flatMap((entry) => entry.split(/[\s,]+/)).filter((v) => v !== "");
  return new Set(
    values.map((value) => {
      if ((key === "pr" || key === "run_id") && !/^\d+$/.test(value)) {
        throw new UsageError(
          "--open",
          `--open takes ${key === "pr" ? "pull request numbers" : "run ids"}; got ${JSON.stringify(value)}`,
        );
      }
      return expandNameTemplate(`{${key}}`, { [key]: value }, { input: "--open" });
    }),
  );
}

/** Checks --open-from and GITHUB_TOKEN before anything is sent; GitHub is held to the command's deadline. */
function gitHubLookup(openFrom: string, key: Placeholder, context: CommandContext): PullRequestLookup {
  if (key !== "pr") {
    throw new UsageError(
      "--open-from",
      "--open-from github: asks about pull requests, so --pattern must contain {pr}",
    );
  }
  return pullRequestLookup(openFrom, context);
}
