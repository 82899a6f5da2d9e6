import { readFileSync } from "node:fs";
import type { Code, Nodes } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";

/** A fenced code block of a Markdown file: its info string split in two, its text, where it starts. */
export interface CodeBlock {
  /** The file, relative to the repository root. */
  file: string;
  /** The line of the opening fence (1-based). */
  line: number;
  /** The first word of the info string, e.g. "ts". */
  lang: string;
  /** The rest of the info string, e.g. "run". */
  meta: string;
  /** The block's text, with the fence's indentation removed. */
  code: string;
  /** The next fenced block of the same file, if any. */
  next: CodeBlock | undefined;
}

/** Every fenced block of a Markdown file, in order, including those nested in lists. */
export function codeBlocks(root: string, file: string): CodeBlock[] {
  const tree = fromMarkdown(readFileSync(`${root}/${file}`, "utf8"));
  const blocks: CodeBlock[] = [];
  const visit = (node: Nodes): void => {
    if (node.type === "code") blocks.push(toBlock(file, node));
    if ("children" in node) for (const child of node.children) visit(child);
  };
  visit(tree);
  for (const [i, block] of blocks.entries()) block.next = blocks[i + 1];
  return blocks;
}

function toBlock(file: string, node: Code): CodeBlock {
  return {
    file,
    line: node.position?.start.line ?? 0,
    lang: node.lang ?? "",
    meta: node.meta ?? "",
    code: node.value,
    next: undefined,
  };
}

/** "packages/core/README.md:15". */
export function blockName(block: CodeBlock): string {
  return `${block.file}:${block.line}`;
}
