import { builtin } from "./builtin.ts";

/**
 * For a process about to copy many documents (the CLI's and the action's seed and clone): sets
 * V8's `--optimize-for-size`, so the heap is collected before it grows rather than after. A copy
 * allocates fast and keeps little; with V8's default sizing a 100,000-document clone reached
 * 140–195 MB of resident memory (a heap of ~88 MB holding ~45 MB), with this flag ~105 MB in
 * the same time (bench S10m). It changes the whole process, so a library call never sets it on
 * its own: the entry that owns the process does. node:v8 is loaded here, not at start.
 */
export function preferSmallHeap(): void {
  builtin("node:v8").setFlagsFromString("--optimize-for-size");
}
