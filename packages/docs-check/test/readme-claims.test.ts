// The READMEs' claims about the repository, checked against the repository itself: what a new
// user tripped over (issue 27) stays fixed, and a figure or list that drifts from the code fails here.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { actionsInOrder, actionsNamed } from "../src/demo-order.ts";
import { readmes } from "../src/readmes.ts";
import {
  actionFacts,
  actionNames,
  bundleSizesMb,
  publishedPackages,
  RUNNER_FOR_RUNTIME,
} from "../src/repo-facts.ts";
import { proseOf, sectionOf } from "../src/sections.ts";
import { typeErrors } from "../src/type-check.ts";

// A type-check of the workspace's declarations took 65 s on a loaded 2-core machine, past the
// 60 s this was: a limit against hangs, well beyond what the work takes.
const TYPE_CHECK_TIMEOUT_MS = 600_000;
// The demo takes ~6 s on a quiet machine; a limit against hangs.
const DEMO_TIMEOUT_MS = 300_000;

const root = join(import.meta.dirname, "../../..");
const read = (file: string) => readFileSync(join(root, file), "utf8");
const stashkitNames = (text: string) => [...text.matchAll(/`(@stashkit\/[a-z-]+)`/g)].map((m) => m[1]).sort();

/** The environment without FORCE_COLOR, which would colour the demo's headings even into a pipe. */
function withoutForceColor(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { FORCE_COLOR: _, ...rest } = env;
  return rest;
}

/** A shell block's commands: comments and blank lines dropped. */
function commandsOf(block: string): string[] {
  return block
    .split("\n")
    .map((line) => line.replace(/(^|\s)#.*$/, "").trim())
    .filter((line) => line !== "");
}

it("core's Hello, emulator makes the new npm project an ES module project before `node hello.ts`", () => {
  // npm 11's `npm init -y` writes "type": "commonjs", and Node then refuses hello.ts's imports.
  const hello = sectionOf(root, "packages/core/README.md", "Hello, emulator");
  const commands = hello.code
    .filter((block) => block.lang === "sh")
    .flatMap((block) => commandsOf(block.text));
  const init = commands.indexOf("npm init -y");
  expect(init).toBeGreaterThanOrEqual(0);
  expect(commands.slice(init + 1)).toContain("npm pkg set type=module");
});

it("core's README names every value its public entry exports (api-report.md lists the entry)", () => {
  // Types are there for the signatures that use them; a function, class or constant exported from
  // `@stashkit/core` and never named in the README belongs in `@stashkit/core/internal` or nowhere.
  const report = read("packages/core/api-report.md");
  const entry = report.slice(
    report.indexOf("## `@stashkit/core` "),
    report.indexOf("## `@stashkit/core/internal`"),
  );
  const values = [...entry.matchAll(/^- `([^`]+)`: (?:class|function|const|enum)$/gm)].map(
    (match) => match[1] ?? "",
  );
  expect(values.length).toBeGreaterThan(50);
  const readme = read("packages/core/README.md");
  const named = new Set(
    [...readme.matchAll(/```[^\n]*\n([\s\S]*?)```|`([^`\n]+)`/g)].flatMap(
      (match) => (match[1] ?? match[2] ?? "").match(/[A-Za-z_$][\w$]*/g) ?? [],
    ),
  );
  expect(values.filter((name) => !named.has(name))).toEqual([]);
});

describe("core's declarations, which its README says need neither @types/node nor undici's types", () => {
  const dist = join(root, "packages/core/dist");

  it("import nothing from undici or node:, and reference no Node types", () => {
    const declarations = readdirSync(dist, { recursive: true, encoding: "utf8" }).filter((file) =>
      file.endsWith(".d.ts"),
    );
    expect(declarations.length).toBeGreaterThan(10);
    const reaching = declarations.filter((file) =>
      /from "(?:undici|node:[\w/]+)"|reference types="node"/.test(readFileSync(join(dist, file), "utf8")),
    );
    expect(reaching).toEqual([]);
  });

  it(
    "type-check in a project without @types/node (module nodenext, strict, declarations checked)",
    () => {
      const project = mkdtempSync(join(tmpdir(), "docs-check-core-types-"));
      try {
        const probe = join(project, "probe.mts");
        writeFileSync(
          probe,
          `import { ManagementClient, type MessagingClientOptions } from ${JSON.stringify(join(dist, "index.js"))};\n` +
            "export const options: MessagingClientOptions = { token: 't' };\nexport const client = ManagementClient;\n",
        );
        // No Node types, and tsc's default library for a project with no `lib` setting (where URL,
        // fetch and AbortSignal come from without @types/node); every declaration file checked.
        const settings = { types: [], lib: ["lib.es2024.full.d.ts"], skipLibCheck: false };
        const errors = typeErrors(root, [probe], "nodenext", settings);
        expect([...errors.values()].flat().slice(0, 5)).toEqual([]);
      } finally {
        rmSync(project, { recursive: true, force: true });
      }
    },
    TYPE_CHECK_TIMEOUT_MS,
  );
});

describe.each(["README.md", "CONTRIBUTING.md"])("%s on installing pnpm", (file) => {
  const text = read(file);

  it("never has npm install pnpm after `corepack enable` without `corepack disable pnpm` in between", () => {
    // corepack's pnpm link makes `npm install -g pnpm` fail with EEXIST.
    const clashes = [...text.matchAll(/npm (?:install|i) (?:-g|--global) pnpm/g)].filter((match) => {
      const before = text.slice(0, match.index);
      const enabled = before.lastIndexOf("corepack enable");
      return enabled !== -1 && !before.slice(enabled).includes("corepack disable pnpm");
    });
    expect(clashes.map((match) => match[0])).toEqual([]);
  });

  it("names the pnpm version of packageManager", () => {
    const wanted = JSON.parse(read("package.json")).packageManager.replace("pnpm@", "");
    const named = [...text.matchAll(/pnpm@(\d+\.\d+\.\d+)/g)].map((match) => match[1]);
    expect(named.length).toBeGreaterThan(0);
    expect(new Set(named)).toEqual(new Set([wanted]));
  });
});

describe("the root README", () => {
  const prose = proseOf(root, "README.md");

  it("describes the demo's steps in the order scripts/demo.mjs runs the actions", () => {
    const tryIt = sectionOf(root, "README.md", "Try it").prose;
    expect(actionsNamed(tryIt, actionNames(root))).toEqual(actionsInOrder(join(root, "scripts/demo.mjs")));
  });

  it(
    "numbers the demo's steps as the demo prints them",
    () => {
      const demo = spawnSync(process.execPath, [join(root, "scripts/demo.mjs")], {
        cwd: root,
        encoding: "utf8",
        env: { ...withoutForceColor(process.env), NO_COLOR: "1" },
        timeout: DEMO_TIMEOUT_MS,
      });
      expect(demo.status, demo.stderr).toBe(0);
      // biome-ignore lint/suspicious/noControlCharactersInRegex: colour codes are what is dropped
      const text = demo.stdout.replace(/\u001b\[[0-9;]*m/g, "");
      const printed = [...text.matchAll(/^(\d+)\. /gm)].map((match) => Number(match[1]));
      const tryIt = read("README.md").split("\n## Try it\n")[1]?.split("\n## ")[0] ?? "";
      const listed = [...tryIt.matchAll(/^(\d+)\. /gm)].map((match) => Number(match[1]));
      expect(printed.length).toBeGreaterThan(5);
      expect(listed).toEqual(printed);
      const count = [
        "zero",
        "one",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "eleven",
        "twelve",
      ];
      expect(tryIt).toContain(`prints ${count[printed.length]} numbered steps`);
    },
    DEMO_TIMEOUT_MS,
  );

  it("gives the size of the actions' bundles as they are, to 0.1 MB", () => {
    const stated = /bundle \(`dist\/`[^)]*\) is about (\d+\.\d)(?:–(\d+\.\d))? MB/.exec(prose);
    expect(stated, "a sentence saying an action's bundle (`dist/` …) is about N MB").not.toBeNull();
    const sizes = bundleSizesMb(root);
    expect(Math.min(...sizes).toFixed(1)).toBe(stated?.[1]);
    expect(Math.max(...sizes).toFixed(1)).toBe(stated?.[2] ?? stated?.[1]);
  });

  it("names the packages the release workflow publishes, where it says what a release publishes", () => {
    const published = publishedPackages(root).sort();
    expect(published.length).toBeGreaterThan(0);
    const publishes = /publishes ([^.]*?) to npm/.exec(prose)?.[1] ?? "";
    expect(stashkitNames(publishes)).toEqual(published);
    const shared = /Releases are tagged [^;]*;([^.]*?) share that one version/.exec(prose)?.[1] ?? "";
    expect(stashkitNames(shared)).toEqual(published);
  });

  it("says how the actions are referenced, since the Marketplace lists only a root action.yml", () => {
    const marketplace = prose.split("\n\n").find((paragraph) => paragraph.includes("Marketplace")) ?? "";
    expect(marketplace).toContain("`uses: <owner>/<repo>/actions/<name>@<ref>`");
    expect(marketplace).toMatch(/mirror/);
  });
});

describe.runIf(!existsSync(join(root, "packages/core/CHANGELOG.md")))("before the first release", () => {
  // The first release writes the changelogs; until then no @stashkit package is on npm.
  const installing = /\b(?:npm (?:install|i)|npx|pnpm (?:add|dlx)|yarn (?:add|dlx))\b[^\n]*@stashkit\//;
  it.each(readmes(root).filter((file) => installing.test(read(file))))(
    "%s says its install commands wait for the first release",
    (file) => {
      expect(read(file)).toMatch(/not yet on npm/i);
    },
  );

  // No v1 tag exists yet: a workflow copied with `@v1` fails before its first step (issue 50).
  // A workflow's line (not prose quoting one): `uses:` after the indentation or `- `.
  const usesV1 = () => /^\s*(?:- )?uses: stashkit\/stashkit\/actions\/[a-z-]+@v1\b.*$/gm;
  it.each(readmes(root).filter((file) => usesV1().test(read(file))))(
    "%s notes beside every `uses: …@v1` that v1 is not released, and says what to pin instead",
    (file) => {
      const text = read(file);
      const unnoted = [...text.matchAll(usesV1())]
        .map(([line]) => line)
        .filter(
          (line) =>
            !line.includes("# ") || !line.includes('not released yet: see "Before the first release"'),
        );
      expect(unnoted).toEqual([]);
      const before = /^\*\*Before the first release\.\*\*[^\n]*(?:\n(?!\n)[^\n]*)*/m.exec(text)?.[0] ?? "";
      expect(before, "a paragraph starting **Before the first release.**").toContain(
        "git ls-remote https://github.com/stashkit/stashkit refs/heads/main",
      );
      expect(before).toContain("unable to find version v1");
    },
  );
});

describe.each(actionNames(root))("actions/%s/README.md", (name) => {
  const text = read(`actions/${name}/README.md`);
  const facts = actionFacts(root, name);

  it("shows the @v1 reference and a reference pinned to a release's commit, and how to find that commit", () => {
    expect(text).toContain(`uses: stashkit/stashkit/actions/${name}@v1`);
    expect(text).toMatch(
      new RegExp(`uses: stashkit/stashkit/actions/${name}@[0-9a-f]{40} # v\\d+\\.\\d+\\.\\d+`),
    );
    expect(text).toContain("git ls-remote");
  });

  it("names the runner release its runtime needs", () => {
    expect(RUNNER_FOR_RUNTIME[facts.runtime], `a runner version for ${facts.runtime}`).toBeDefined();
    expect(text).toContain(`${RUNNER_FOR_RUNTIME[facts.runtime]}`);
  });

  it("says which token permissions it needs: those its action.yml names when it takes the GitHub token, else none", () => {
    const paragraph = /^\*\*Token permissions\.\*\*[^\n]*(?:\n(?!\n)[^\n]*)*/m.exec(text)?.[0] ?? "";
    expect(paragraph, "a paragraph starting **Token permissions.**").not.toBe("");
    if (facts.takesGitHubToken) expect(facts.gitHubPermissions.length).toBeGreaterThan(0);
    else expect(paragraph).toMatch(/^\*\*Token permissions\.\*\* None\b[\s\S]*`permissions: \{\}`/);
    for (const permission of facts.gitHubPermissions) expect(paragraph).toContain(`\`${permission}\``);
    if (!facts.takesGitHubToken) expect(paragraph).not.toContain("pull-requests");
  });
});

it.each(readmes(root))("%s pins every other repository's action by commit SHA", (file) => {
  const uses = [...read(file).matchAll(/uses: ([^\s@]+)@(\S+)(.*)$/gm)];
  const unpinned = uses
    // Ours, a local path, or a placeholder (`uses: <owner>/<repo>/…`).
    .filter(([, action = ""]) => !/^(?:stashkit\/stashkit\/|\.\/|<)/.test(action))
    .filter(([, , ref, rest]) => !/^[0-9a-f]{40}$/.test(ref ?? "") || !/^ # v\d/.test(rest ?? ""))
    .map(([line]) => line);
  expect(unpinned).toEqual([]);
});
