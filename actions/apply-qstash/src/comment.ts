import { gitHubCommentAccess, runner, type Step, upsertMarkedComment } from "@stashkit/action-kit";
import type { ApplyInputs } from "./inputs.ts";

/** The hidden first line that finds the comment again: one per pull request, environment and file. */
export function commentMarker(inputs: Pick<ApplyInputs, "environment" | "config">): string {
  return `<!-- stashkit-apply-qstash: ${encodeURIComponent(inputs.environment)} ${encodeURIComponent(inputs.config)} -->`;
}

/**
 * `comment: true`: the plan (and what was done) as the pull request's comment, created once and
 * edited in place afterwards. Only a comment this token wrote is edited (ci-context matches the
 * author): one someone else wrote with the same first line is left alone.
 */
export async function commentPlan(
  step: Pick<Step<unknown>, "context" | "deadline" | "redactor">,
  inputs: ApplyInputs,
  markdown: string,
): Promise<void> {
  const { comment } = inputs;
  if (comment === undefined) return;
  const access = gitHubCommentAccess(step, comment.token, "apply-qstash");
  const marker = commentMarker(inputs);
  const written = await runner.group(`Comment on pull request #${comment.pullRequest}`, async () =>
    upsertMarkedComment(access, comment.pullRequest, marker, `${marker}\n${markdown}`),
  );
  runner.info(
    `Pull request #${comment.pullRequest}: plan comment ${written.created ? "created" : "updated"} (${written.id}).`,
  );
}
