import { redactAndClip } from "@stashkit/core";

/** A failed pull request lookup: nothing is pruned without knowing what is closed. */
export class PullRequestLookupError extends Error {
  override name = "PullRequestLookupError";
}

export interface PullRequestsAnswer {
  repository: Record<string, { state: string } | null> | null;
}

/**
 * Reads GitHub's answer to a pull request query. A number it cannot resolve comes back as `null`
 * under its alias with a NOT_FOUND error beside the other aliases' data: only such errors are
 * taken as an answer; anything else is a failure, reported in one line with GitHub's text masked
 * and clipped (GitHub may echo what it was sent).
 */
export function graphqlAnswer(
  status: number,
  text: string,
  redactor: { redact(text: string): string },
): PullRequestsAnswer {
  let body: { data?: PullRequestsAnswer; errors?: { type?: string }[]; message?: unknown } | undefined;
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    body = undefined;
  }
  const errors = body?.errors ?? [];
  if (status >= 200 && status < 300 && body?.data && errors.every((e) => e.type === "NOT_FOUND")) {
    return body.data;
  }
  const message = typeof body?.message === "string" ? body.message : text;
  // Masked first, then one line and clipped: a token the cut would split is never half shown.
  const said = redactAndClip(message, redactor, 300);
  throw new PullRequestLookupError(`reading pull request states from GitHub failed (${status}): ${said}`);
}
