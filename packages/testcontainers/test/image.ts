import { execFileSync } from "node:child_process";

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

/** What a container printed so far (`docker logs`: testcontainers' own stream follows it). */
export function containerOutput(id: string): string {
  return execFileSync("docker", ["logs", id], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}
