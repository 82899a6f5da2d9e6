import { editMarkedComment, gitHubCommentAccess, runner, type Step } from "@stashkit/action-kit";
import { previewCommentMarker, previewGoneCommentBody } from "@stashkit/core";
import type { DeleteInputs } from "./inputs.ts";
import type { PruneOutcome } from "./prune.ts";

/**
 * `comment: true`: edits the preview comment ensure-search-index keeps on the pull request (the
 * one whose marker names the index, or the database of an SDK index) to say the preview is gone.
 * A pull request without such a comment is left as it is.
 */
export async function previewGone(
  step: Pick<Step<unknown>, "context" | "deadline" | "redactor">,
  inputs: DeleteInputs,
  result: PruneOutcome,
): Promise<void> {
  const { comment, target } = inputs;
  if (comment === undefined || (target.kind !== "name" && target.kind !== "sdk-index")) return;
  const deleted =
    target.kind === "name"
      ? result.deleted.map((d) => `${d.name} (${d.id})`)
      : result.deleted.map((d) => `SDK index ${d.name} of ${target.name}`);
  const access = gitHubCommentAccess(step, comment.token, "delete-search-index");
  const edited = await runner.group(`Comment on pull request #${comment.pullRequest}`, () =>
    editMarkedComment(
      access,
      comment.pullRequest,
      previewCommentMarker(target.name),
      previewGoneCommentBody({ name: target.name, deleted }),
    ),
  );
  runner.info(
    edited === undefined
      ? `Pull request #${comment.pullRequest} has no preview comment for ${target.name}: nothing to edit.`
      : `Pull request #${comment.pullRequest}: preview comment ${edited.id} says the preview is gone.`,
  );
}
