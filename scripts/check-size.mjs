#!/usr/bin/env node
// Lists the source files and functions that are too long to read in one go, using the
// TypeScript compiler's own parse so that what counts as a function is what the language says.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";

const MAX_FILE_LINES = 300;
const MAX_FUNCTION_LINES = 60;
const TABLE_MARKER = "// size: table";
const MAX_ENTRY_CODE_LINES = 40;
/** An action's entry files: the runner's entry, the main step and the post step. */
const ENTRY_FILE = /^actions\/[^/]+\/src\/(index|main|post)\.ts$/;

const RULE = `check-size: counting rule
- files: every .ts under packages/*/src, actions/*/src, container/src, bench/src and reliability/src, except
  *.test.ts and .d.ts; a file's
  size is its number of lines (blank lines and comments included), minus the lines of declared
  tables; over ${MAX_FILE_LINES} is too long.
- functions: function declarations and expressions, arrow functions, methods, constructors and
  accessors; a function's size runs from the line of its first token (its doc comment not
  included) to the line of its last, inner functions included; over ${MAX_FUNCTION_LINES} is too long.
- action entries: actions/*/src/index.ts, main.ts and post.ts wire inputs to one core function
  and report; over ${MAX_ENTRY_CODE_LINES} code lines (lines that are not blank and not only a comment) is too long.
- declared tables: a statement (or class member, or property) whose last leading comment is the
  line \`${TABLE_MARKER}\` is data: its lines count toward neither rule, nor do functions inside it.`;

const root = join(import.meta.dirname, "..");

function sourceFiles() {
  const roots = ["packages", "actions"].flatMap((group) =>
    readdirSync(join(root, group), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => join(root, group, entry.name, "src")),
  );
  roots.push(...["container", "bench", "reliability"].map((folder) => join(root, folder, "src")));
  return roots.flatMap((dir) => {
    let entries;
    try {
      entries = readdirSync(dir, { recursive: true, withFileTypes: true });
    } catch {
      return [];
    }
    return entries
      .filter((e) => e.isFile() && e.name.endsWith(".ts") && !/\.(test|d)\.ts$/.test(e.name))
      .map((e) => join(e.parentPath, e.name));
  });
}

const FUNCTION_KINDS = new Set([
  ts.SyntaxKind.FunctionDeclaration,
  ts.SyntaxKind.FunctionExpression,
  ts.SyntaxKind.ArrowFunction,
  ts.SyntaxKind.MethodDeclaration,
  ts.SyntaxKind.Constructor,
  ts.SyntaxKind.GetAccessor,
  ts.SyntaxKind.SetAccessor,
]);

function isTable(node, text) {
  const comments = ts.getLeadingCommentRanges(text, node.getFullStart()) ?? [];
  const last = comments.at(-1);
  return last !== undefined && text.slice(last.pos, last.end).trim() === TABLE_MARKER;
}

/** Lines from the node's first token to its last, both included. */
function lineSpan(node, file) {
  const start = file.getLineAndCharacterOfPosition(node.getStart(file)).line;
  const end = file.getLineAndCharacterOfPosition(node.getEnd()).line;
  return end - start + 1;
}

function functionName(node, file) {
  if (node.name) return node.name.getText(file);
  const parent = node.parent;
  if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) && parent.name)
    return parent.name.getText(file);
  if (ts.isConstructorDeclaration(node)) return "constructor";
  return "(anonymous)";
}

function measure(path) {
  const text = readFileSync(path, "utf8");
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const lines = text.endsWith("\n") ? text.split("\n").length - 1 : text.split("\n").length;
  let tableLines = 0;
  const longFunctions = [];
  const visit = (node) => {
    if (isTable(node, text)) {
      tableLines += lineSpan(node, file);
      return;
    }
    if (FUNCTION_KINDS.has(node.kind)) {
      const size = lineSpan(node, file);
      if (size > MAX_FUNCTION_LINES) {
        const line = file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
        longFunctions.push({ name: functionName(node, file), line, size });
      }
    }
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(file, visit);
  return { lines: lines - tableLines, tableLines, longFunctions, codeLines: codeLineCount(text) };
}

/** Lines that hold code: neither blank nor only a comment. */
function codeLineCount(text) {
  let inBlock = false;
  let count = 0;
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (inBlock) {
      if (line.includes("*/")) inBlock = false;
      continue;
    }
    if (line === "" || line.startsWith("//")) continue;
    if (line.startsWith("/*")) {
      inBlock = !line.includes("*/");
      continue;
    }
    count++;
  }
  return count;
}

console.log(RULE);
const problems = [];
for (const path of sourceFiles().sort()) {
  const where = relative(root, path);
  const { lines, tableLines, longFunctions, codeLines } = measure(path);
  if (ENTRY_FILE.test(where) && codeLines > MAX_ENTRY_CODE_LINES)
    problems.push(`${where}: an action entry of ${codeLines} code lines, over ${MAX_ENTRY_CODE_LINES}`);
  if (lines > MAX_FILE_LINES) {
    const tables = tableLines > 0 ? ` (${tableLines} table lines not counted)` : "";
    problems.push(`${where}: ${lines} lines${tables}, over ${MAX_FILE_LINES}`);
  }
  for (const f of longFunctions)
    problems.push(`${where}:${f.line}: function ${f.name} is ${f.size} lines, over ${MAX_FUNCTION_LINES}`);
}
for (const problem of problems) console.error(problem);
if (problems.length > 0) {
  console.error(`check-size: ${problems.length} too long`);
  process.exit(1);
}
console.log("check-size: every source file, function and action entry is within its limit");
