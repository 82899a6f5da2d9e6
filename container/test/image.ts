import { imageExists, run } from "../src/run.ts";

/** The image `pnpm image` builds; the root `pnpm test` builds it before the test suites run. */
export const IMAGE = process.env["STASHKIT_TEST_IMAGE"] ?? "stashkit-emulator:dev";

/** Fails the suite at once, with what to do, when the image is missing (it is never pulled). */
export async function requireImage(): Promise<void> {
  const engine = await run("docker", ["version", "--format", "{{.Server.Version}}"]).catch(
    (error: Error) => ({
      code: -1,
      stderr: error.message,
    }),
  );
  if (engine.code !== 0) {
    throw new Error(
      `the container tests need a Docker engine, and none answers (${engine.stderr.trim().split("\n")[0]}): start one, or run \`bash .ci/run --setup\``,
    );
  }
  if (!(await imageExists(IMAGE))) {
    throw new Error(`the image ${IMAGE} is not in the local Docker engine: run \`pnpm image\` first`);
  }
}
