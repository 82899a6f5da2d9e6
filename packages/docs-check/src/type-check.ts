import { join } from "node:path";
import ts from "typescript";

/**
 * The module settings a user may have: `nodenext` (the repository's own, and what the core
 * README recommends for Node), `bundler` (Vite, esbuild, tsx …), and `node10`, what `tsc` falls
 * back to with no `module` setting, which only finds declarations through `types` in package.json.
 */
export type Resolution = "nodenext" | "bundler" | "node10";

const MODULE_SETTINGS: Record<Resolution, ts.CompilerOptions> = {
  nodenext: { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext },
  bundler: { module: ts.ModuleKind.Preserve, moduleResolution: ts.ModuleResolutionKind.Bundler },
  // CommonJS output cannot keep ESM syntax verbatim; that setting belongs to ESM projects.
  node10: {
    module: ts.ModuleKind.CommonJS,
    moduleResolution: ts.ModuleResolutionKind.Node10,
    verbatimModuleSyntax: false,
  },
};

/**
 * Type-checks `files` with the repository's strict settings (tsconfig.base.json) and the
 * given module settings. Returns every diagnostic, keyed by file ("" for global ones), as
 * "line: TScode message" with 1-based lines.
 */
export function typeErrors(
  root: string,
  files: string[],
  resolution: Resolution,
  /** Settings over the repository's, e.g. `{ types: [] }` for a project without `@types/node`. */
  overrides: ts.CompilerOptions = {},
): Map<string, string[]> {
  const base = ts.readConfigFile(join(root, "tsconfig.base.json"), ts.sys.readFile);
  if (base.error) throw new Error(ts.flattenDiagnosticMessageText(base.error.messageText, "\n"));
  const parsed = ts.parseJsonConfigFileContent(base.config, ts.sys, root);
  const options: ts.CompilerOptions = {
    ...parsed.options,
    ...MODULE_SETTINGS[resolution],
    noEmit: true,
    // A block without imports is still a module of its own, not a script sharing one scope.
    moduleDetection: ts.ModuleDetectionKind.Force,
    ...overrides,
  };
  const program = ts.createProgram({ rootNames: files, options });
  const errors = new Map<string, string[]>();
  for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
    const file = diagnostic.file?.fileName ?? "";
    const where =
      diagnostic.file && diagnostic.start !== undefined
        ? `${diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line + 1}: `
        : "";
    const text = `${where}TS${diagnostic.code} ${ts.flattenDiagnosticMessageText(diagnostic.messageText, " ")}`;
    errors.set(file, [...(errors.get(file) ?? []), text]);
  }
  return errors;
}
