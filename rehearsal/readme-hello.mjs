// Takes the core README's "Hello, emulator" apart for the rehearsal, verbatim: its shell block
// (the new project's setup), its TypeScript block (hello.ts) and the output it says hello.ts
// prints. Writes setup.sh, hello.ts and expected.txt into the given folder.
// Usage: node readme-hello.mjs <README.md> <folder>
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const [readme, folder] = process.argv.slice(2);
if (!readme || !folder) throw new Error("usage: node readme-hello.mjs <README.md> <folder>");

const lines = readFileSync(readme, "utf8").split("\n");
const start = lines.indexOf("## Hello, emulator");
if (start === -1) throw new Error(`${readme} has no "## Hello, emulator" section`);
const end = lines.findIndex((line, i) => i > start && /^#{1,2} /.test(line));
const section = lines.slice(start + 1, end === -1 ? undefined : end);

/** The section's fenced blocks, by info string ("sh", "ts run", "text output"). */
const blocks = new Map();
let open;
for (const line of section) {
  if (open === undefined && line.startsWith("```")) {
    open = { info: line.slice(3).trim(), text: [] };
  } else if (open !== undefined && line.startsWith("```")) {
    if (blocks.has(open.info)) throw new Error(`more than one \`\`\`${open.info} block in "Hello, emulator"`);
    blocks.set(open.info, `${open.text.join("\n")}\n`);
    open = undefined;
  } else if (open !== undefined) {
    open.text.push(line);
  }
}

const wanted = { sh: "setup.sh", "ts run": "hello.ts", "text output": "expected.txt" };
for (const [info, file] of Object.entries(wanted)) {
  const text = blocks.get(info);
  if (text === undefined) throw new Error(`no \`\`\`${info} block in ${readme}'s "Hello, emulator"`);
  writeFileSync(join(folder, file), text);
}
