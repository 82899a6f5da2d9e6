import { type GitHubAccess, GitHubRequestError, gitHubMessage, gitHubRequest } from "./github-request.ts";

/** A comment's author as GitHub's REST API shows it. */
export interface CommentUser {
  login?: string | null;
  type?: string | null;
}

const WHAT = "asking GitHub who the token is (GraphQL viewer), to find its own comment,";

/**
 * Who the token is, as GitHub's GraphQL `viewer` names it: `github-actions[bot]` for a
 * workflow's `GITHUB_TOKEN` (REST `GET /user` refuses an app's token, GraphQL does not), the
 * user's login for a personal token. Any token may ask; one request.
 */
export async function tokenLogin(access: GitHubAccess & { graphqlUrl: string }): Promise<string> {
  const body = { query: "query { viewer { login } }" };
  const answer = await gitHubRequest(access, { method: "POST", url: access.graphqlUrl, body, what: WHAT });
  if (answer.status >= 200 && answer.status < 300) {
    let login: unknown;
    try {
      login = (JSON.parse(answer.text) as { data?: { viewer?: { login?: unknown } } }).data?.viewer?.login;
    } catch {
      login = undefined;
    }
    if (typeof login === "string" && login !== "") return login;
    throw new GitHubRequestError(`${WHAT} failed: GitHub's answer names no login`, { status: answer.status });
  }
  throw new GitHubRequestError(`${WHAT} failed (${answer.status}): ${gitHubMessage(answer.text, access)}`, {
    status: answer.status,
  });
}

/**
 * Whether a comment was written by the token whose login is `login`. REST names an app's bot
 * `<slug>[bot]`; GraphQL's viewer may name it so or by its slug alone, and only an app's account
 * is of type Bot with a `[bot]` login, which no user can register.
 */
export function writtenBy(user: CommentUser | null | undefined, login: string): boolean {
  const author = user?.login;
  if (typeof author !== "string" || author === "") return false;
  return author === login || (user?.type === "Bot" && author === `${login}[bot]`);
}
