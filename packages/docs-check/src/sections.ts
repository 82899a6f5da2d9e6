import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Code, Heading, Nodes, RootContent } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";

/** One section of a Markdown file: from its heading to the next heading of the same or a higher level. */
export interface Section {
  /** Its prose: the source text with its fenced code blocks left out. */
  prose: string;
  /** Its fenced code blocks, in order. */
  code: { lang: string; text: string }[];
}

/** The section under the heading whose text is `heading` (e.g. "Hello, emulator"); throws when there is none. */
export function sectionOf(root: string, file: string, heading: string): Section {
  const source = readFileSync(join(root, file), "utf8");
  const nodes = fromMarkdown(source).children;
  const start = nodes.findIndex((node) => node.type === "heading" && textOf(node) === heading);
  const found = nodes[start];
  if (found === undefined) throw new Error(`${file} has no heading "${heading}"`);
  const depth = (found as Heading).depth;
  const end = nodes.findIndex((node, i) => i > start && node.type === "heading" && node.depth <= depth);
  const inside = nodes.slice(start, end === -1 ? undefined : end);
  return {
    prose: inside
      .filter((node) => node.type !== "code")
      .map((node) => sourceOf(source, node))
      .join("\n\n"),
    code: inside
      .filter((node): node is Code => node.type === "code")
      .map((node) => ({ lang: node.lang ?? "", text: node.value })),
  };
}

/** A file's prose: its text without fenced code blocks. */
export function proseOf(root: string, file: string): string {
  const source = readFileSync(join(root, file), "utf8");
  return fromMarkdown(source)
    .children.filter((node) => node.type !== "code")
    .map((node) => sourceOf(source, node))
    .join("\n\n");
}

function sourceOf(source: string, node: RootContent): string {
  return source.slice(node.position?.start.offset ?? 0, node.position?.end.offset ?? 0);
}

/** A node's text, as a reader sees it: "Hello, emulator" for `## Hello, emulator`. */
function textOf(node: Nodes): string {
  if ("value" in node) return node.value;
  return "children" in node ? node.children.map(textOf).join("") : "";
}
