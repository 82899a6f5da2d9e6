import { closedPullRequests, gitHubGraphqlUrl, type PullRequestLookup } from "@stashkit/ci-context";
import {
  expandNameTemplate,
  httpStackFor,
  type MatchedIndex,
  type Placeholder,
  pruneSearchIndexes,
  TEMPLATE_PLACEHOLDERS,
  templateMatcher,
} from "@stashkit/core";
import { managementClient } from "../clients.ts";
import type { CommandContext } from "../context.ts";
import { parseGitHubSource } from "../github/github-source.ts";
import { nonEmpty } from "../options/common.ts";
import type { CommandResult } from "../output/result.ts";
import { UsageError } from "../usage-error.ts";
import { deletedReport } from "./index-refs.ts";
import type { PruneFlags } from "./search-prune.flags.ts";

/** Which candidates are stale; warnings said on the way go into the command's result. */
type StaleOf = (candidates: readonly MatchedIndex[], warn: (message: string) => void) => Promise<boolean[]>;

/**
 * `stashkit search prune`: deletes the indexes whose name matches the pattern and whose value
 * (the pull request number of `{pr}`, or the pattern's one placeholder) is not among the open ones.
 */
export async function run(flags: PruneFlags, context: CommandContext): Promise<CommandResult> {
  const pattern = nonEmpty(flags.pattern, "--pattern");
  templateMatcher(pattern, "--pattern");
  const key = keyPlaceholder(pattern);
  if ((flags.open === undefined) === (flags.openFrom === undefined)) {
    throw new UsageError(
      "--open",
      "give exactly one of --open <values…> (the values still in use) and --open-from github:<owner/repo>",
    );
  }
  // Both sources are checked before anything is sent; GitHub is asked once the candidates are known.
  const staleOf: StaleOf =
    flags.open === undefined
      ? closedOnGitHub(gitHubLookup(flags.openFrom ?? "", key, context))
      : notAmong(openValues(flags.open === true ? [] : flags.open, key), key);
  const client = managementClient(flags, context);
  const dryRun = flags.dryRun === true;
  const warnings: string[] = [];
  const result = await context.terminal.progress(
    `pruning search indexes matching ${pattern}`,
    pruneSearchIndexes(client, {
      pattern,
      patternInput: "--pattern",
      dryRun,
      staleOf: (candidates) => staleOf(candidates, (w) => warnings.push(w)),
    }),
  );
  // Out of time midway: fail as before, naming the reason; a later run continues (deleting is idempotent).
  if (result.stoppedBy) throw result.stoppedBy;
  const refs = (list: { name: string; id: string }[]) => list.map(({ name, id }) => ({ name, id }));
  const report = deletedReport(refs(result.deleted), refs(result.kept), dryRun);
  return { ...report, warnings: [...warnings, ...report.warnings] };
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
  const source = parseGitHubSource(openFrom);
  const token = (context.env["GITHUB_TOKEN"] ?? "").trim();
  if (token === "") {
    throw new UsageError(
      "--open-from",
      "--open-from github: asks about pull requests with GITHUB_TOKEN, which is not set",
    );
  }
  context.redactor.add(token);
  return {
    ...source,
    token,
    graphqlUrl: gitHubGraphqlUrl(context.env),
    deadline: context.deadline,
    redact: (text) => context.redactor.redact(text),
    http: httpStackFor(context.env, undefined),
    userAgent: `stashkit-cli ${context.command}`,
  };
}
