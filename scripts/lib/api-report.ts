// The exported names of a package's entries (package.json "exports", each "./dist/<file>.js"
// read from its source "src/<file>.ts") with their kinds, as the text of its api-report.md: a
// change of a package's surface shows in review as a change of that file.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";

/** The packages that keep an api-report.md. */
export const REPORTED_PACKAGES = ["packages/core", "packages/action-kit", "packages/emulator", "packages/stall-reasons"];

interface Entry {
  specifier: string;
  source: string;
}

function entriesOf(dir: string): Entry[] {
  const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
  return Object.entries(manifest.exports as Record<string, { default: string }>).map(([subpath, target]) => {
    const built = /^\.\/dist\/(.+)\.js$/.exec(target.default);
    if (built === null) throw new Error(`${dir}: export ${subpath} is not a ./dist/*.js file`);
    return { specifier: join(manifest.name, subpath), source: join(dir, "src", `${built[1]}.ts`) };
  });
}

function kindOf(checker: ts.TypeChecker, exported: ts.Symbol): string {
  const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
  const flags = symbol.flags;
  const kind =
    flags & ts.SymbolFlags.Class
      ? "class"
      : flags & ts.SymbolFlags.Function
        ? "function"
        : flags & ts.SymbolFlags.Enum
          ? "enum"
          : flags & ts.SymbolFlags.Variable
            ? "const"
            : flags & ts.SymbolFlags.Interface
              ? "interface"
              : flags & ts.SymbolFlags.TypeAlias
                ? "type"
                : flags & ts.SymbolFlags.Module
                  ? "namespace"
                  : "other";
  // `export type { SomeClass }`: the name is there for types only.
  const typeOnly =
    flags & ts.SymbolFlags.Value &&
    exported.declarations?.some((declaration) => ts.isTypeOnlyImportOrExportDeclaration(declaration));
  return typeOnly ? `${kind} (type only)` : kind;
}

/** Case-blind alphabetical order, ties (names differing only in case) by code point. */
function order(a: string, b: string): number {
  const [lowerA, lowerB] = [a.toLowerCase(), b.toLowerCase()];
  if (lowerA !== lowerB) return lowerA < lowerB ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The text of the api-report.md of the package in `dir` (relative to `root`). */
export function apiReport(root: string, dir: string): string {
  const entries = entriesOf(join(root, dir));
  const program = ts.createProgram(
    entries.map((entry) => entry.source),
    {
      noEmit: true,
      allowImportingTsExtensions: true,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2024,
      types: [],
      skipLibCheck: true,
    },
  );
  const checker = program.getTypeChecker();
  const name = entries[0]?.specifier ?? dir;
  const lines = [
    `# ${name}: API report`,
    "",
    "Every name each entry of the package exports, with its kind. Written by",
    "`node scripts/api-report.mjs --write`; scripts/test/api-report.test.ts fails when this file",
    "differs from the package's entries, so a change of the published surface shows here in review.",
  ];
  for (const entry of entries) {
    const file = program.getSourceFile(entry.source);
    const module = file && checker.getSymbolAtLocation(file);
    if (module === undefined) throw new Error(`${entry.source}: not found or not a module`);
    const exported = checker
      .getExportsOfModule(module)
      .map((symbol) => ({ name: symbol.name, kind: kindOf(checker, symbol) }))
      .sort((a, b) => order(a.name, b.name));
    lines.push("", `## \`${entry.specifier}\` (${exported.length} names)`, "");
    for (const { name: exportedName, kind } of exported) lines.push(`- \`${exportedName}\`: ${kind}`);
  }
  return `${lines.join("\n")}\n`;
}
