import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";

const ACTION = /actions\/([a-z-]+)/g;
const LOCAL_IMPORT = /^import \{ ([\w, ]+) \} from "(\.\/[\w.-]+\.mjs)";$/;

/**
 * The actions a demo script runs, in the order its source names them (`actions/<name>`), with a
 * call of a function imported from a sibling module (`await deployWindow(…)`) replaced by what
 * that module names. A name repeated right after itself counts once: a loop runs one action twice.
 */
export function actionsInOrder(script: string): string[] {
  const lines = readFileSync(script, "utf8").split("\n");
  const modules = new Map<string, string>();
  for (const line of lines) {
    const imported = LOCAL_IMPORT.exec(line);
    if (!imported) continue;
    for (const name of imported[1]?.split(/,\s*/) ?? []) {
      modules.set(name, join(dirname(script), imported[2] ?? ""));
    }
  }
  const order: string[] = [];
  for (const line of lines) {
    if (LOCAL_IMPORT.test(line)) continue;
    for (const match of line.matchAll(ACTION)) order.push(match[1] ?? "");
    for (const [name, module] of modules) {
      if (new RegExp(`\\b${name}\\(`).test(line)) order.push(...actionsInOrder(module));
    }
  }
  return withoutRepeats(order);
}

/** The actions a text names as `` `ensure-search-index` ``, in order, among `known`. */
export function actionsNamed(text: string, known: readonly string[]): string[] {
  const named = [...text.matchAll(/`([a-z-]+)`/g)].map((match) => match[1] ?? "");
  return withoutRepeats(named.filter((name) => known.includes(name)));
}

function withoutRepeats(names: string[]): string[] {
  return names.filter((name, i) => name !== names[i - 1]);
}
