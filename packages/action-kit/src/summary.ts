import * as core from "./runner/commands.ts";

// Written once in core: the pull request comment escapes its values by the same rule.
export { escapeMarkdown, markdownTable } from "@stashkit/core/internal";

/**
 * Appends to the job summary when the runner supports one. Local runners and older servers
 * may not set GITHUB_STEP_SUMMARY; a missing summary must not fail a step that did its work.
 */
export function writeSummary(markdown: string): void {
  if (!core.appendSummary(markdown)) core.debug("GITHUB_STEP_SUMMARY is not set; no job summary written");
}
