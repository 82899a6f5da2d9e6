import { type GitHubAccess, GitHubRequestError, gitHubMessage, gitHubRequest } from "./github-request.ts";
import { type CommentUser, tokenLogin, writtenBy } from "./token-identity.ts";

/**
 * Where a pull request's comments are: GitHub's REST base (see `gitHubApiUrl`), and its GraphQL
 * endpoint (`gitHubGraphqlUrl`), which says who the token is.
 */
export interface CommentAccess extends GitHubAccess {
  apiUrl: string;
  graphqlUrl: string;
}

interface IssueComment {
  id: number;
  body?: string | null;
  user?: CommentUser | null;
}

/** Comments read per page, GitHub's most; pages read at most, so a busy pull request cannot hold a step for long. */
const PER_PAGE = 100;
const MAX_PAGES = 30;

/**
 * Writes `body` as the pull request's comment that starts with `marker`: edits it in place when
 * the token wrote one (the first found), creates it otherwise. One comment per pull request and
 * marker, however many pushes; a comment someone else wrote with the marker is never taken for
 * it. Needs a token with `pull-requests: write`.
 */
export async function upsertMarkedComment(
  access: CommentAccess,
  pullRequest: number,
  marker: string,
  body: string,
): Promise<{ id: number; created: boolean }> {
  const existing = await findMarkedComment(access, pullRequest, marker);
  if (existing !== undefined) {
    await editComment(access, existing.id, body);
    return { id: existing.id, created: false };
  }
  const url = `${repoUrl(access)}/issues/${pullRequest}/comments`;
  const what = `commenting on pull request #${pullRequest}`;
  const answer = await gitHubRequest(access, { method: "POST", url, body: { body }, what });
  const created = readJson<IssueComment>(answer, access, what);
  return { id: created.id, created: true };
}

/** Edits the token's own comment on the pull request that starts with `marker`; undefined when there is none. */
export async function editMarkedComment(
  access: CommentAccess,
  pullRequest: number,
  marker: string,
  body: string,
): Promise<{ id: number } | undefined> {
  const existing = await findMarkedComment(access, pullRequest, marker);
  if (existing === undefined) return undefined;
  await editComment(access, existing.id, body);
  return { id: existing.id };
}

/**
 * The first comment of the pull request that the token itself wrote and whose body starts with
 * `marker`, page by page. Anyone can post the marker: matched by it alone, a stranger's comment
 * would get the preview written into it (and could be edited by them afterwards), or fail the
 * step on every push when GitHub refuses the edit.
 */
export async function findMarkedComment(
  access: CommentAccess,
  pullRequest: number,
  marker: string,
): Promise<IssueComment | undefined> {
  const login = await tokenLogin(access);
  const what = `reading the comments of pull request #${pullRequest}`;
  for (let page = 1; page <= MAX_PAGES; page++) {
    const url = `${repoUrl(access)}/issues/${pullRequest}/comments?per_page=${PER_PAGE}&page=${page}`;
    const comments = readJson<IssueComment[]>(
      await gitHubRequest(access, { method: "GET", url, what }),
      access,
      what,
    );
    const found = comments.find(
      (comment) => writtenBy(comment.user, login) && (comment.body ?? "").startsWith(marker),
    );
    if (found !== undefined || comments.length < PER_PAGE) return found;
  }
  return undefined;
}

async function editComment(access: CommentAccess, id: number, body: string): Promise<void> {
  const what = `editing pull request comment ${id}`;
  const url = `${repoUrl(access)}/issues/comments/${id}`;
  readJson(await gitHubRequest(access, { method: "PATCH", url, body: { body }, what }), access, what);
}

function repoUrl(access: CommentAccess): string {
  return `${access.apiUrl}/repos/${encodeURIComponent(access.owner)}/${encodeURIComponent(access.repo)}`;
}

/** A 2xx answer's JSON; any other is one line with GitHub's words and, for 403/404, the permission it needs. */
function readJson<T>(answer: { status: number; text: string }, access: GitHubAccess, what: string): T {
  if (answer.status >= 200 && answer.status < 300) {
    try {
      return JSON.parse(answer.text) as T;
    } catch {
      throw new GitHubRequestError(`${what}: GitHub's answer is not JSON`, { status: answer.status });
    }
  }
  const hint =
    answer.status === 403 || answer.status === 404
      ? "; the token needs pull-requests: write (a pull request from a fork gets a read-only token)"
      : "";
  throw new GitHubRequestError(
    `${what} failed (${answer.status}): ${gitHubMessage(answer.text, access)}${hint}`,
    { status: answer.status },
  );
}
