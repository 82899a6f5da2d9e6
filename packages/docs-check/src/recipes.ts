import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Heading, List, Nodes } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";

/** A recipe's numbered steps, as written: step 1 is `[0]`. The text is the step's Markdown source. */
export function recipeSteps(root: string, file: string, heading: string): string[] {
  const source = readFileSync(join(root, file), "utf8");
  const nodes = fromMarkdown(source).children;
  const start = nodes.findIndex((node) => node.type === "heading" && textOf(node) === heading);
  if (start === -1) throw new Error(`${file} has no heading "${heading}"`);
  const depth = (nodes[start] as Heading).depth;
  const end = nodes.findIndex((node, i) => i > start && node.type === "heading" && node.depth <= depth);
  const list = nodes
    .slice(start, end === -1 ? undefined : end)
    .find((node): node is List => node.type === "list" && node.ordered === true);
  if (list === undefined) throw new Error(`"${heading}" in ${file} has no numbered steps`);
  return list.children.map((item) =>
    source.slice(item.position?.start.offset ?? 0, item.position?.end.offset ?? 0).replace(/\s+/g, " "),
  );
}

/**
 * The files and folders a step names: code spans that look like a path (a slash, or a file name
 * with an extension), without placeholders (`<name>`), globs or ellipses.
 */
export function pathsNamed(step: string): string[] {
  return [...step.matchAll(/`([^`\s]+)`/g)]
    .map((match) => match[1] ?? "")
    .filter((span) => /^[\w.@-]+(?:\/[\w.@-]*)*$/.test(span))
    .filter((span) => span.includes("/") || /\.(?:ts|mjs|json|ya?ml|md)$/.test(span))
    .filter((span) => !/^@stashkit\/|^node:/.test(span));
}

/**
 * Where a named path is: from the root, or from one of the recipe's folders (a package, or its
 * `src/`), as a recipe says `src/apis.ts` for the emulator's. Undefined when it is nowhere.
 */
export function locate(root: string, path: string, folders: readonly string[]): string | undefined {
  const candidates = ["", ...folders.flatMap((folder) => [folder, `${folder}/src`, `${folder}/test`])];
  return candidates
    .map((base) => (base === "" ? path : `${base}/${path}`))
    .find((at) => existsSync(join(root, at)));
}

function textOf(node: Nodes): string {
  if ("value" in node) return node.value;
  return "children" in node ? node.children.map(textOf).join("") : "";
}
