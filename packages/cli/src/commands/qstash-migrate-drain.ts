import type { WaitQueuesEmptyResult } from "@stashkit/core";
import type { CommandContext } from "../context.ts";
import { writeProgress } from "./write-progress.ts";

/**
 * `--drain`'s progress on stderr: messages delivered out of those waiting at the first reading
 * (a bar on a terminal, a line now and then in CI), and `done()` to end it.
 */
export function drainProgress(region: string, context: CommandContext) {
  let first: number | undefined;
  let sink: ReturnType<typeof writeProgress> | undefined;
  return {
    onProgress(waiting: number) {
      first ??= waiting;
      sink ??= writeProgress({
        label: `draining ${region}'s queues`,
        total: first,
        unit: "messages delivered",
        env: context.env,
        quiet: context.common.quiet,
      });
      sink.update(Math.max(0, first - waiting));
    },
    done: () => sink?.done(),
  };
}

/** What the wait ended with, as lines: emptied, or what still waits and why it stopped. */
export function drainLines(region: string, drained: WaitQueuesEmptyResult | undefined): string[] {
  if (drained === undefined) return [];
  if (drained.drained) return [`${region}'s queues are empty: every message waiting there was delivered`];
  const paused = drained.queues.filter((queue) => queue.paused);
  return [
    `${region}'s queues still hold ${drained.waiting} messages: ${drained.queues.map((q) => `${q.name} ${q.lag}${q.paused ? " (paused)" : ""}`).join(", ")}`,
    paused.length > 0
      ? `a paused queue never empties: resume ${paused.map((q) => q.name).join(", ")} in ${region}, then run again with --drain`
      : "the wait ended before --timeout-seconds did: run again with --drain and a longer --timeout-seconds",
  ];
}
