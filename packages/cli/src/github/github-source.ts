import { UsageError } from "../usage-error.ts";

export interface GitHubRepository {
  owner: string;
  repo: string;
}

const REPOSITORY = /^github:([A-Za-z0-9-]+)\/([A-Za-z0-9._-]+)$/;

/** `github:<owner>/<repo>`, the value of --open-from. */
export function parseGitHubSource(text: string): GitHubRepository {
  const match = REPOSITORY.exec(text.trim());
  if (!match?.[1] || !match[2]) {
    throw new UsageError(
      "--open-from",
      `--open-from must look like github:<owner>/<repo>; got ${JSON.stringify(text)}`,
    );
  }
  return { owner: match[1], repo: match[2] };
}
