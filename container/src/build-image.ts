#!/usr/bin/env node
// `pnpm image`: builds the emulator's container image as stashkit-emulator:dev (container/README.md).
//   node container/src/build-image.ts [--tag T] [--base IMAGE] [--context-only DIR]
// --context-only lays out the build context in DIR and stops (the release workflow builds it for
// two platforms with buildx); --base builds on that image instead of choosing one.
import { rmSync } from "node:fs";
import { parseArgs } from "node:util";
import { chooseBase } from "./base-image.ts";
import { DOCKERFILE, emulatorVersion, prepareContext, ROOT } from "./context.ts";
import { must, run } from "./run.ts";

export const DEV_TAG = "stashkit-emulator:dev";

const { values } = parseArgs({
  options: {
    tag: { type: "string", default: DEV_TAG },
    base: { type: "string" },
    "context-only": { type: "string" },
  },
});
const log = (line: string) => process.stdout.write(`${line}\n`);

try {
  if (values["context-only"]) {
    await prepareContext(values["context-only"]);
    log(`image: build context in ${values["context-only"]}`);
  } else {
    await buildImage(values.tag, values.base);
  }
} catch (error) {
  process.stderr.write(`image: ${(error as Error).message}\n`);
  process.exit(1);
}

async function buildImage(tag: string, chosenBase: string | undefined): Promise<void> {
  // No docker command at all (spawn's ENOENT) is no engine either.
  const engine = await run("docker", ["version", "--format", "{{.Server.Version}}"]).catch(
    (error: Error) => ({
      code: -1,
      stdout: "",
      stderr: error.message,
    }),
  );
  if (engine.code !== 0) {
    throw new Error(
      `no Docker engine answers (${engine.stderr.trim().split("\n")[0]}): start one, or run \`bash .ci/run --setup\` (Debian's docker.io, dockerd started and kept)`,
    );
  }
  const base = chosenBase ?? (await chooseBase(log));
  const context = await prepareContext();
  try {
    const revision = (await run("git", ["rev-parse", "HEAD"], { cwd: ROOT })).stdout.trim() || "unknown";
    const args = ["build", "--quiet", "-f", DOCKERFILE, "-t", tag, "--build-arg", `BASE_IMAGE=${base}`];
    args.push("--build-arg", `VERSION=${emulatorVersion()}`, "--build-arg", `REVISION=${revision}`, context);
    log(`image: docker build ${tag} on ${base}`);
    const before = await imageId(tag);
    await must("docker", args, { env: { ...process.env, DOCKER_BUILDKIT: "0" } });
    // The image the tag named before is left without a name: remove it (unless a container uses it).
    if (before !== undefined && before !== (await imageId(tag))) await run("docker", ["image", "rm", before]);
  } finally {
    rmSync(context, { recursive: true, force: true });
  }
  const size = Number(await must("docker", ["image", "inspect", "--format", "{{.Size}}", tag]));
  log(`image: ${tag} built, ${(size / 1_000_000).toFixed(0)} MB`);
}

async function imageId(reference: string): Promise<string | undefined> {
  const found = await run("docker", ["image", "inspect", "--format", "{{.Id}}", reference]);
  return found.code === 0 ? found.stdout.trim() : undefined;
}
