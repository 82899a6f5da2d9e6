import {
  expandNameTemplate,
  type Placeholder,
  pruneSearchIndexes,
  TEMPLATE_PLACEHOLDERS,
  templateMatcher,
} from "@stashkit/core";
import { type ConnectionFlags, managementClient } from "../clients.ts";
import type { CommandContext } from "../context.ts";
import { openPullRequests, parseGitHubSource } from "../github/open-pull-requests.ts";
import { nonEmpty } from "../options/common.ts";
import type { CommandResult } from "../output/result.ts";
import { UsageError } from "../usage-error.ts";
import { deletedReport } from "./index-refs.ts";

export interface PruneFlags extends ConnectionFlags {
  pattern?: string;
  /** `true` when --open was given without values: nothing is open (an empty `$(…)` in CI). */
  open?: string[] | true;
  openFrom?: string;
  dryRun?: boolean;
}

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
  // Both sources are checked now; the GitHub lookup runs after every other check.
  const given = flags.open === undefined ? undefined : openValues(flags.open === true ? [] : flags.open, key);
  const readOpen = given ? async () => given : gitHubLookup(flags.openFrom ?? "", key, context);
  const client = managementClient(flags, context);
  const open = await readOpen();
  const dryRun = flags.dryRun === true;
  const result = await context.terminal.progress(
    `pruning search indexes matching ${pattern}`,
    pruneSearchIndexes(client, {
      pattern,
      patternInput: "--pattern",
      dryRun,
      staleOf: (candidates) => candidates.map((c) => !open.has(c.values[key] ?? "")),
    }),
  );
  // Out of time midway: fail as before, naming the reason; a later run continues (deleting is idempotent).
  if (result.stoppedBy) throw result.stoppedBy;
  const refs = (list: { name: string; id: string }[]) => list.map(({ name, id }) => ({ name, id }));
  return deletedReport(refs(result.deleted), refs(result.kept), dryRun);
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

/** Checks --open-from and GITHUB_TOKEN now; the lookup runs later, after every other check. */
function gitHubLookup(
  openFrom: string,
  key: Placeholder,
  context: CommandContext,
): () => Promise<Set<string>> {
  if (key !== "pr") {
    throw new UsageError(
      "--open-from",
      "--open-from github: reads pull requests, so --pattern must contain {pr}",
    );
  }
  const source = parseGitHubSource(openFrom);
  const token = (context.env["GITHUB_TOKEN"] ?? "").trim();
  if (token === "") {
    throw new UsageError(
      "--open-from",
      "--open-from github: reads pull requests with GITHUB_TOKEN, which is not set",
    );
  }
  context.redactor.add(token);
  const repository = { ...source, apiUrl: context.env["GITHUB_API_URL"] || source.apiUrl };
  return () =>
    context.terminal.progress(
      `reading the open pull requests of ${source.owner}/${source.repo}`,
      openPullRequests({ ...repository, token, deadline: context.deadline, redactor: context.redactor }),
    );
}
