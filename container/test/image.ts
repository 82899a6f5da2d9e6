import { imageExists } from "../src/run.ts";

/** The image `pnpm image` builds; the root `pnpm test` builds it before the test suites run. */
export const IMAGE = process.env["STASHKIT_TEST_IMAGE"] ?? "stashkit-emulator:dev";

/** Fails the suite at once, with what to do, when the image is missing (it is never pulled). */
export async function requireImage(): Promise<void> {
  if (!(await imageExists(IMAGE))) {
    throw new Error(`the image ${IMAGE} is not in the local Docker engine: run \`pnpm image\` first`);
  }
}
