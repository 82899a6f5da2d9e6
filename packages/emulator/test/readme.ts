import { readFileSync } from "node:fs";
import { join } from "node:path";

const README = join(import.meta.dirname, "../README.md");

/**
 * The code block that follows `<!-- example: <name> … -->` in the package README, exactly as a
 * reader would copy it.
 */
export function readmeExample(name: string): string {
  const text = readFileSync(README, "utf8");
  const marker = text.indexOf(`<!-- example: ${name}`);
  if (marker < 0) throw new Error(`the README has no example named ${name}`);
  const block = /```[a-z]*\n([\s\S]*?)```/.exec(text.slice(marker));
  if (!block?.[1]) throw new Error(`the README example ${name} has no code block`);
  return block[1];
}
