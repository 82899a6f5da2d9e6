// An esbuild plugin for bundle.mjs. With code splitting, esbuild gives a module to the chunk of
// every entry that reaches it through any import, and a barrel (core's index.js, which re-exports
// every module of core) reaches all of them: every command imported core's one 275 KB chunk,
// yaml, croner and the declaration checks included, and `stashkit search ensure` paid for loading
// it (bench C1: 1.19 × the floor with it). Here each `import { a, b } from "@stashkit/core"` of
// the CLI's own sources becomes an import of `a` and `b` from the modules that declare them, so
// a command's chunks hold what it uses. The barrels are read with TypeScript's parser.
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import ts from "typescript";

/**
 * `barrels`: the package entries to see through (specifiers as the sources write them). Type-only
 * imports are left to esbuild, which drops them; a value the barrel does not re-export by name
 * (a default import, a namespace import, an `export *`) stops the build, naming the file.
 */
export function directImports(barrels) {
  const origins = new Map();
  return {
    name: "direct-imports",
    setup(build) {
      /** Where the value a file exports as `name` is declared: followed through re-exports. */
      const origin = (file, name) => {
        const key = `${file}\0${name}`;
        let found = origins.get(key);
        if (found === undefined) {
          const next = reexportOf(file, name);
          found = next === undefined ? { file, name } : origin(next.file, next.name);
          origins.set(key, found);
        }
        return found;
      };

      build.onLoad({ filter: /[\\/]src[\\/].*\.ts$/ }, async (args) => {
        const text = readFileSync(args.path, "utf8");
        const source = ts.createSourceFile(args.path, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
        const edits = [];
        for (const statement of source.statements) {
          if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
          const specifier = statement.moduleSpecifier.text;
          const clause = statement.importClause;
          if (!barrels.includes(specifier) || clause === undefined || clause.isTypeOnly) continue;
          const bindings = clause.namedBindings;
          if (clause.name !== undefined || bindings === undefined || !ts.isNamedImports(bindings)) {
            throw new Error(
              `${args.path}: import named values from ${specifier}, not a default or a namespace`,
            );
          }
          const entry = await build.resolve(specifier, {
            kind: "import-statement",
            resolveDir: dirname(args.path),
          });
          if (entry.errors.length > 0) throw new Error(`${args.path}: cannot resolve ${specifier}`);
          const imports = bindings.elements
            .filter((element) => !element.isTypeOnly)
            .map((element) => {
              const declared = origin(entry.path, (element.propertyName ?? element.name).text);
              return `import { ${declared.name} as ${element.name.text} } from ${JSON.stringify(declared.file)};`;
            });
          // On the statement's own lines, so the file's line numbers stay as they were.
          edits.push({ start: statement.getStart(source), end: statement.end, text: imports.join(" ") });
        }
        if (edits.length === 0) return undefined;
        let contents = text;
        for (const edit of edits.reverse()) {
          contents = contents.slice(0, edit.start) + edit.text + contents.slice(edit.end);
        }
        return { contents, loader: "ts" };
      });
    },
  };
}

/** The module and name `file` re-exports `name` from, or undefined when it declares `name` itself. */
function reexportOf(file, name) {
  const source = ts.createSourceFile(
    file,
    readFileSync(file, "utf8"),
    ts.ScriptTarget.Latest,
    false,
    ts.ScriptKind.JS,
  );
  for (const statement of source.statements) {
    if (!ts.isExportDeclaration(statement) || statement.moduleSpecifier === undefined) continue;
    const from = statement.moduleSpecifier.text;
    const clause = statement.exportClause;
    if (clause === undefined)
      throw new Error(`${file}: \`export * from "${from}"\` hides which module declares ${name}`);
    if (!ts.isNamedExports(clause)) continue;
    for (const element of clause.elements) {
      if (element.name.text !== name) continue;
      if (!from.startsWith(".")) return undefined;
      return { file: resolve(dirname(file), from), name: (element.propertyName ?? element.name).text };
    }
  }
  return undefined;
}
