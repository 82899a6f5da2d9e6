import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { must } from "../src/run.ts";
import { IMAGE, runToEnd } from "./containers.ts";

interface ImageConfig {
  User: string;
  Env: string[];
  ExposedPorts: Record<string, unknown>;
  Volumes: Record<string, unknown>;
  Healthcheck: { Test: string[] };
  Entrypoint: string[];
  Labels: Record<string, string>;
}

async function inspected(): Promise<{ Size: number; Config: ImageConfig }> {
  return (
    JSON.parse(await must("docker", ["image", "inspect", IMAGE])) as { Size: number; Config: ImageConfig }[]
  )[0] as {
    Size: number;
    Config: ImageConfig;
  };
}

const VERSION = (
  JSON.parse(readFileSync(join(import.meta.dirname, "../../packages/emulator/package.json"), "utf8")) as {
    version: string;
  }
).version;

describe("the image", () => {
  it("runs as a user that is not root", async () => {
    const { Config } = await inspected();
    expect(Config.User).toBe("node");
    const id = await runToEnd({ args: ["--entrypoint", "id"] });
    expect(id.code).toBe(0);
    expect(id.output).toMatch(/^uid=1000\(node\) gid=1000\(node\)/);
  });

  it("declares its port, its data volume, a health check on the health route, and its labels", async () => {
    const { Config } = await inspected();
    expect(Object.keys(Config.ExposedPorts)).toEqual(["8787/tcp"]);
    expect(Object.keys(Config.Volumes)).toEqual(["/data"]);
    expect(Config.Healthcheck.Test.join(" ")).toContain("health-check.js");
    expect(Config.Entrypoint).toContain("--from-env");
    expect(Config.Env).toEqual(
      expect.arrayContaining([
        "STASHKIT_HOST=0.0.0.0",
        "STASHKIT_PORT=8787",
        "STASHKIT_DATA_FILE=/data/stashkit.db",
      ]),
    );
    expect(Config.Labels).toMatchObject({
      "org.opencontainers.image.title": "stashkit emulator",
      "org.opencontainers.image.version": VERSION,
      "org.opencontainers.image.licenses": "MIT",
      "org.opencontainers.image.source": "https://github.com/stashkit/stashkit",
    });
    expect(Config.Labels["org.opencontainers.image.revision"]).toMatch(/^[0-9a-f]{40}$/);
  });

  it("bakes in no credential: its settings hold none, and no layer was made with one", async () => {
    const { Config } = await inspected();
    const settings = Config.Env.map((entry) => entry.split("=", 1)[0] ?? "");
    expect(settings.filter((name) => /TOKEN|KEY|SECRET|PASSWORD|ACCOUNT/i.test(name))).toEqual([]);
    const history = await must("docker", ["history", "--no-trunc", "--format", "{{.CreatedBy}}", IMAGE]);
    expect(history).not.toMatch(/TOKEN=|API_KEY=|SIGNING_KEY=|SECRET=|NPM_TOKEN|\.npmrc/i);
    // The files a build could leave a registry token or an app's secrets in.
    const found = await runToEnd({
      args: ["--entrypoint", "find"],
      command: ["/opt", "/data", "/home", "(", "-name", ".npmrc", "-o", "-name", ".env*", ")", "-print"],
    });
    expect(found.code).toBe(0);
    expect(found.output.trim()).toBe("");
  });

  it("is small enough to pull in CI: its size is reported, and held under 300 MB", async () => {
    const { Size } = await inspected();
    const megabytes = Size / 1_000_000;
    process.stdout.write(`image ${IMAGE}: ${megabytes.toFixed(0)} MB\n`);
    // 208 MB on the local base; the official node:24-slim base is of about the same size.
    expect(megabytes).toBeLessThan(300);
  });
});
