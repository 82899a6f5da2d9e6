import type { Deadline, Redactor } from "@stashkit/core";
import { UsageError } from "../usage-error.ts";

export interface GitHubRepository {
  owner: string;
  repo: string;
  apiUrl: string;
}

const REPOSITORY = /^github:([A-Za-z0-9-]+)\/([A-Za-z0-9._-]+)$/;

/** `github:<owner>/<repo>`. */
export function parseGitHubSource(text: string): GitHubRepository {
  const match = REPOSITORY.exec(text.trim());
  if (!match?.[1] || !match[2]) {
    throw new UsageError(
      "--open-from",
      `--open-from must look like github:<owner>/<repo>; got ${JSON.stringify(text)}`,
    );
  }
  return { owner: match[1], repo: match[2], apiUrl: "https://api.github.com" };
}

/** A failed pull request lookup: nothing is pruned without knowing what is open. */
export class PullRequestLookupError extends Error {
  override name = "PullRequestLookupError";
}

/**
 * The numbers of the repository's open pull requests, page by page (100 a page) from GitHub's
 * REST API. One listing, not one request per index: what is open is all pruning needs.
 */
export async function openPullRequests(
  options: GitHubRepository & { token: string; deadline: Deadline; redactor: Redactor },
): Promise<Set<string>> {
  const open = new Set<string>();
  let url: string | undefined =
    `${options.apiUrl.replace(/\/+$/, "")}/repos/${options.owner}/${options.repo}/pulls?state=open&per_page=100`;
  for (let page = 0; url !== undefined && page < 100; page++) {
    const response: Response = await fetch(url, {
      headers: {
        accept: "application/vnd.github+json",
        authorization: `Bearer ${options.token}`,
        "user-agent": "stashkit-cli",
        "x-github-api-version": "2022-11-28",
      },
      signal: AbortSignal.timeout(Math.max(1, options.deadline.remainingMs())),
    });
    if (!response.ok) {
      const body = options.redactor.redact((await response.text()).slice(0, 200));
      throw new PullRequestLookupError(
        `listing the open pull requests of ${options.owner}/${options.repo} answered ${response.status}: ${body}; nothing was pruned. Check GITHUB_TOKEN`,
      );
    }
    const pulls = (await response.json()) as { number?: unknown }[];
    for (const pull of pulls) if (typeof pull.number === "number") open.add(String(pull.number));
    url = nextPage(response.headers.get("link"));
  }
  return open;
}

function nextPage(link: string | null): string | undefined {
  return /<([^>]+)>;\s*rel="next"/.exec(link ?? "")?.[1];
}
