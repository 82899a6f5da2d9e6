import { redactAndClip } from "@stashkit/core";
import { describeNetworkFailure, hostOf, networkErrorCode } from "@stashkit/core/internal";

/** Where and as whom to ask GitHub, and until when: every request is held to the caller's deadline. */
export interface GitHubAccess {
  owner: string;
  repo: string;
  token: string;
  /** The step's (or command's) one deadline: a hung GitHub stops there, not at a watchdog. */
  deadline: { remainingMs(): number };
  /** Masks secrets in GitHub's text before it goes into an error. */
  redact(text: string): string;
  /**
   * How requests go out: a fetch and the dispatcher it sends through (core's `httpStackFor`,
   * which honours HTTPS_PROXY as every other request of the step does). Default: the global fetch.
   */
  http?: () => Promise<{ fetch: typeof globalThis.fetch; dispatcher: unknown }>;
  userAgent?: string;
}

/** A GitHub request that failed: one line, GitHub's text masked and clipped. */
export class GitHubRequestError extends Error {
  override name = "GitHubRequestError";
  readonly status: number | undefined;
  /** The deadline came before GitHub answered. */
  readonly timedOut: boolean;

  constructor(message: string, options: { status?: number; timedOut?: boolean } = {}) {
    super(message);
    this.status = options.status;
    this.timedOut = options.timedOut ?? false;
  }
}

/**
 * One request to GitHub with the token, JSON in and out, no redirect followed (one could carry
 * the token elsewhere), held to the deadline. `what` says what was being done, for the error.
 */
export async function gitHubRequest(
  access: GitHubAccess,
  request: { method: string; url: string; body?: unknown; what: string },
): Promise<{ status: number; text: string }> {
  const remaining = access.deadline.remainingMs();
  if (remaining <= 0) throw outOfTime(request.what);
  try {
    const http = access.http ? await access.http() : { fetch: globalThis.fetch, dispatcher: undefined };
    const response = await http.fetch(request.url, {
      ...(http.dispatcher === undefined ? {} : ({ dispatcher: http.dispatcher } as RequestInit)),
      method: request.method,
      headers: {
        accept: "application/vnd.github+json",
        authorization: `token ${access.token}`,
        "content-type": "application/json",
        "user-agent": access.userAgent ?? "stashkit",
      },
      ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
      signal: AbortSignal.timeout(remaining),
      redirect: "error",
    });
    return { status: response.status, text: await response.text() };
  } catch (error) {
    if (error instanceof Error && error.name === "TimeoutError") throw outOfTime(request.what);
    // fetch says only "fetch failed": the why is a cause's code, the where is the URL's host.
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    const said = redactAndClip(cause instanceof Error ? cause.message : String(cause), access, 300);
    const why = describeNetworkFailure(hostOf(request.url), networkErrorCode(error), said);
    throw new GitHubRequestError(`${request.what} failed: ${why}`);
  }
}

/** GitHub's own words in a failed answer (its `message`), masked and clipped to one line. */
export function gitHubMessage(text: string, access: Pick<GitHubAccess, "redact">): string {
  let message: unknown = text;
  try {
    message = (JSON.parse(text) as { message?: unknown }).message ?? text;
  } catch {
    message = text;
  }
  return redactAndClip(typeof message === "string" ? message : text, access, 300);
}

function outOfTime(what: string): GitHubRequestError {
  return new GitHubRequestError(`${what} did not finish before the time limit`, { timedOut: true });
}
