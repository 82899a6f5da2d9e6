import type { CodeBlock } from "./code-blocks.ts";

/**
 * What the test does with a TypeScript block, read from its info string:
 * ```ts      type-checked;
 * ```ts run  type-checked, then run against the emulator.
 * A ```text output block right after a run block is what the run must print.
 */
export type BlockMode = "check" | "run";

const SCRIPT_LANGUAGES = new Set([
  "ts",
  "typescript",
  "tsx",
  "mts",
  "cts",
  "js",
  "javascript",
  "jsx",
  "mjs",
  "cjs",
]);

/** Whether the block is TypeScript or JavaScript, whatever its info string says next. */
export function isScript(block: CodeBlock): boolean {
  return SCRIPT_LANGUAGES.has(block.lang.toLowerCase());
}

/** The mode of a script block; undefined when its info string is neither `ts` nor `ts run`. */
export function modeOf(block: CodeBlock): BlockMode | undefined {
  if (block.lang !== "ts") return undefined;
  if (block.meta === "") return "check";
  if (block.meta === "run") return "run";
  return undefined;
}

/** The ```text output block that follows a run block, if there is one. */
export function expectedOutput(block: CodeBlock): string | undefined {
  const next = block.next;
  return next?.lang === "text" && next.meta === "output" ? next.code : undefined;
}
