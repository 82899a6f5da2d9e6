import { execFile, execFileSync } from "node:child_process";
import { promisify } from "node:util";

/** The image `pnpm image` builds (the root `pnpm test` builds it before the suites run). */
export const IMAGE = process.env["STASHKIT_TEST_IMAGE"] ?? "stashkit-emulator:dev";

/** The host's address on Docker's default bridge: where a container reaches a server on this machine. */
export function bridgeGateway(): string {
  const format = "{{range .IPAM.Config}}{{.Gateway}}{{end}}";
  return execFileSync("docker", ["network", "inspect", "bridge", "--format", format], {
    encoding: "utf8",
  }).trim();
}

/** Whether a container of that id is still in the engine (running or not). */
export function containerExists(id: string): boolean {
  try {
    execFileSync("docker", ["container", "inspect", id], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/**
 * What a container printed so far on both streams (`docker logs`: testcontainers' own stream
 * follows it). Asynchronous on purpose: a synchronous call blocks the event loop for as long as
 * docker answers, and an idle keep-alive socket the container closed meanwhile would be reused
 * by the test's next request ("other side closed").
 */
export async function containerOutput(id: string): Promise<string> {
  const { stdout, stderr } = await promisify(execFile)("docker", ["logs", id], { encoding: "utf8" });
  return stdout + stderr;
}
