#!/usr/bin/env node
// Checks what npm would publish of @stashkit/core, @stashkit/emulator and the @stashkit/stall-reasons
// both depend on (`npm pack --dry-run`:
// compiled JavaScript, type declarations, README, CHANGELOG, LICENSE, the emulator's command, every
// file package.json "exports" names; no sources, tests or maps), then installs the packed tarballs
// into a new project from the registry, the way a user would, runs ensureSearchIndex against the
// emulator from that install, loads core's internal entry (ci-context imports it), and starts the
// installed `stashkit-emulator` command.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const ALLOWED = [
  /^package\.json$/,
  /^README\.md$/,
  /^CHANGELOG\.md$/,
  /^LICENSE$/,
  /^dist\/.+\.(js|d\.ts)$/,
  /^bin\/stashkit-emulator\.js$/,
  // core's declaration file schema, for editors (node_modules/@stashkit/core/qstash.schema.json).
  /^qstash\.schema\.json$/,
];
const npm = (args, cwd) =>
  execFileSync("npm", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });

const work = mkdtempSync(join(tmpdir(), "stashkit-package-"));
// The tarballs and the installed project go however the check ends (exit handlers run synchronously).
process.on("exit", () => rmSync(work, { recursive: true, force: true }));
const tarballs = {};
for (const name of ["core", "emulator", "stall-reasons"]) {
  const dir = join(root, "packages", name);
  const [listing] = JSON.parse(npm(["pack", "--dry-run", "--json", "--loglevel=error"], dir));
  const files = listing.files.map((f) => f.path).sort();
  const unexpected = files.filter((file) => !ALLOWED.some((pattern) => pattern.test(file)));
  const kb = (listing.unpackedSize / 1024).toFixed(0);
  console.log(`@stashkit/${name}: ${files.length} files, ${kb} kB unpacked`);
  // Every entry of package.json "exports" (core's ./internal too: ci-context imports it).
  const { exports } = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
  const entries = Object.values(exports).flatMap((entry) =>
    Object.values(entry).map((file) => file.replace(/^\.\//, "")),
  );
  const missing = entries.filter((file) => !files.includes(file));
  if (unexpected.length > 0 || missing.length > 0) {
    console.error(
      `check-package: @stashkit/${name} would publish unexpected files: ${unexpected.join(", ") || "none"}; missing entries: ${missing.join(", ") || "none"}`,
    );
    process.exit(1);
  }
  // pnpm pack turns workspace:* into the version, as publishing does; npm pack would not.
  const packed = execFileSync("pnpm", ["pack", "--pack-destination", work], { cwd: dir, encoding: "utf8" });
  const file = packed.trim().split("\n").pop() ?? "";
  tarballs[name] = file.startsWith("/") ? file : join(work, file);
}

const project = join(work, "project");
execFileSync("mkdir", ["-p", project]);
writeFileSync(
  join(project, "package.json"),
  JSON.stringify({
    name: "smoke",
    private: true,
    type: "module",
    dependencies: { "@stashkit/core": tarballs.core, "@stashkit/emulator": tarballs.emulator },
    // Both depend on it at the workspace's version, which is not on npm yet: take it from its tarball.
    overrides: { "@stashkit/stall-reasons": tarballs["stall-reasons"] },
  }),
);
npm(["install", "--no-audit", "--no-fund", "--loglevel=error"], project);
writeFileSync(
  join(project, "smoke.mjs"),
  `import { ensureSearchIndex, ManagementClient, restUrl } from "@stashkit/core";
import { STEP_LIMITS } from "@stashkit/core/internal";
import { startEmulator } from "@stashkit/emulator";
if (typeof STEP_LIMITS !== "object") throw new Error("@stashkit/core/internal did not load");
const emulator = await startEmulator();
const client = new ManagementClient({ email: emulator.account.email, apiKey: emulator.account.apiKey, baseUrl: emulator.url });
const first = await ensureSearchIndex(client, { name: "smoke", region: "eu-west-1" });
const second = await ensureSearchIndex(client, { name: "smoke", region: "eu-west-1" });
await emulator.stop();
if (!first.created || second.created || first.index.id !== second.index.id) throw new Error("ensure did not behave");
console.log("installed tarballs work: created", first.index.id, "then found it;", restUrl(first.index).replace(/^https:\\/\\/[^-]+/, "https://…"));
`,
);
process.stdout.write(execFileSync(process.execPath, ["smoke.mjs"], { cwd: project, encoding: "utf8" }));
const help = execFileSync(join(project, "node_modules/.bin/stashkit-emulator"), ["--help"], {
  encoding: "utf8",
});
if (!help.startsWith("stashkit-emulator: ")) {
  console.error(`check-package: the installed stashkit-emulator command printed:\n${help}`);
  process.exit(1);
}
console.log("the installed stashkit-emulator command runs");
