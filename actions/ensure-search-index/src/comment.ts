import { gitHubCommentAccess, runner, type Step, upsertMarkedComment } from "@stashkit/action-kit";
import { type EnsureAndSeedResult, previewCommentBody, previewCommentMarker } from "@stashkit/core";
import type { EnsureInputs } from "./inputs.ts";

/**
 * `comment: true`: the preview's comment on the pull request, created once and edited in place
 * on every later push (found by its hidden marker). Core writes the body: never a token, never
 * the endpoint.
 */
export async function commentPreview(
  step: Pick<Step<unknown>, "context" | "deadline" | "redactor">,
  inputs: EnsureInputs,
  result: EnsureAndSeedResult,
): Promise<void> {
  const { comment } = inputs;
  if (comment === undefined) return;
  const { index, created } = result.ensured;
  const body = previewCommentBody({
    index,
    created,
    seeded: result.seeded,
    ephemeral: inputs.ephemeral,
    commit: step.context.payload.pull_request?.head?.sha ?? step.context.sha,
  });
  const access = gitHubCommentAccess(step, comment.token, "ensure-search-index");
  const written = await runner.group(`Comment on pull request #${comment.pullRequest}`, () =>
    upsertMarkedComment(access, comment.pullRequest, previewCommentMarker(index.name), body),
  );
  runner.info(
    `Pull request #${comment.pullRequest}: preview comment ${written.created ? "created" : "updated"} (${written.id}).`,
  );
}
