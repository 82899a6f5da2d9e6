import { type GitHubAccess, GitHubRequestError, gitHubMessage, gitHubRequest } from "./github-request.ts";

/** Where a pull request's comments are: GitHub's REST base (see `gitHubApiUrl`). */
export interface CommentAccess extends GitHubAccess {
  apiUrl: string;
}

interface IssueComment {
  id: number;
  body?: string | null;
  user?: { login?: string } | null;
}

/** Comments read per page, GitHub's most; pages read at most, so a busy pull request cannot hold a step for long. */
const PER_PAGE = 100;
const MAX_PAGES = 30;

/**
 * Writes `body` as the pull request's comment that starts with `marker`: edits it in place when
 * one is there (the first found), creates it otherwise. One comment per pull request and marker,
 * however many pushes. Needs a token with `pull-requests: write`.
 */
export async function upsertMarkedComment(
  access: CommentAccess,
  pullRequest: number,
  marker: string,
  body: string,
  /** Edit only a comment this login wrote (the token's own: `viewerLogin`); any author when absent. */
  author?: string,
): Promise<{ id: number; created: boolean }> {
  const existing = await findMarkedComment(access, pullRequest, marker, author);
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

/** Edits the pull request's comment that starts with `marker`; undefined when there is none. */
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

/** The first comment of the pull request whose body starts with `marker` (written by `author`, when given), page by page. */
export async function findMarkedComment(
  access: CommentAccess,
  pullRequest: number,
  marker: string,
  author?: string,
): Promise<IssueComment | undefined> {
  const what = `reading the comments of pull request #${pullRequest}`;
  for (let page = 1; page <= MAX_PAGES; page++) {
    const url = `${repoUrl(access)}/issues/${pullRequest}/comments?per_page=${PER_PAGE}&page=${page}`;
    const comments = readJson<IssueComment[]>(
      await gitHubRequest(access, { method: "GET", url, what }),
      access,
      what,
    );
    const found = comments.find(
      (comment) =>
        (comment.body ?? "").startsWith(marker) && (author === undefined || comment.user?.login === author),
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
