import { type GitHubAccess, GitHubRequestError, gitHubRequest } from "./github-request.ts";

const WHAT = "asking GitHub who the token is";

/**
 * The login the token acts as (`github-actions[bot]` for a workflow's GITHUB_TOKEN): GraphQL's
 * `viewer`, which answers an app's installation token too (REST `GET /user` refuses one). A
 * comment kept up to date is then matched by its author as well as its marker: someone else's
 * comment that happens to start with the marker is never edited.
 */
export async function viewerLogin(access: GitHubAccess & { graphqlUrl: string }): Promise<string> {
  const body = { query: "query { viewer { login } }" };
  const answer = await gitHubRequest(access, { method: "POST", url: access.graphqlUrl, body, what: WHAT });
  let login: unknown;
  try {
    login = (JSON.parse(answer.text) as { data?: { viewer?: { login?: unknown } } }).data?.viewer?.login;
  } catch {
    login = undefined;
  }
  if (answer.status < 200 || answer.status >= 300 || typeof login !== "string" || login === "") {
    throw new GitHubRequestError(`${WHAT} failed (${answer.status}): no login in the answer`, {
      status: answer.status,
    });
  }
  return login;
}
