import { chmodSync, copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Search } from "@upstash/search";
import { afterAll, describe, expect, it } from "vitest";
import { parse, stringify } from "yaml";
import { must, run } from "../src/run.ts";
import { IMAGE, runToEnd, start, uniqueName } from "./containers.ts";

const RECIPES = join(import.meta.dirname, "../recipes");
const recipe = (file: string) => parse(readFileSync(join(RECIPES, file), "utf8"));

/** A folder the image's user can read, holding the app stand-in (test/fixtures/app.mjs). */
const appFolder = mkdtempSync(join(tmpdir(), "stashkit-recipe-app-"));
chmodSync(appFolder, 0o755);
copyFileSync(join(import.meta.dirname, "fixtures/app.mjs"), join(appFolder, "app.mjs"));
afterAll(() => rmSync(appFolder, { recursive: true, force: true }));

async function healthy(id: string): Promise<void> {
  // As the runners do: wait until the image's health check passes (a limit against a hang).
  for (let attempt = 0; attempt < 240; attempt++) {
    const status = (await must("docker", ["inspect", "--format", "{{.State.Health.Status}}", id])).trim();
    if (status === "healthy") return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${id} did not become healthy`);
}

describe("the GitHub Actions recipe (services:)", () => {
  it("starts the service as the runner does, and its Search variables step gives what Search.fromEnv reads", async () => {
    const job = recipe("github-actions.yml").jobs.integration;
    const service = job.services.stashkit;
    expect(service.image).toBe("ghcr.io/stashkit/stashkit-emulator:1");
    // The runner publishes 8787:8787; here a free port on 127.0.0.1 stands in for it.
    expect(service.ports).toEqual(["8787:8787"]);
    const container = await start({ env: service.env });
    await healthy(container.id);

    const port = new URL(container.url).port;
    const step = job.steps.find((candidate: { name?: string }) => candidate.name === "Search variables");
    const githubEnv = join(appFolder, "github-env");
    writeFileSync(githubEnv, "");
    const jobEnv = Object.fromEntries(
      Object.entries(job.env as Record<string, string>).map(([name, value]) => [
        name,
        value.replace("localhost:8787", `localhost:${port}`),
      ]),
    );
    await must("bash", ["--noprofile", "--norc", "-eo", "pipefail", "-c", step.run], {
      env: { ...process.env, ...jobEnv, GITHUB_ENV: githubEnv },
    });

    const variables = Object.fromEntries(
      readFileSync(githubEnv, "utf8")
        .trim()
        .split("\n")
        .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
    );
    const search = Search.fromEnv(
      variables as { UPSTASH_SEARCH_REST_URL: string; UPSTASH_SEARCH_REST_TOKEN: string },
    );
    await search.index("products").upsert({ id: "p1", content: { title: "trail shoes" } });
    expect((await search.index("products").search({ query: "shoes" })).map((found) => found.id)).toEqual([
      "p1",
    ]);
    expect(await container.stop()).toBe(0);
  });
});

describe("the GitLab CI recipe (services:)", () => {
  it("a job container reaches the service by its alias with the recipe's variables", async () => {
    const job = recipe("gitlab-ci.yml").integration;
    const [service] = job.services as { name: string; alias: string; variables: Record<string, string> }[];
    expect(service?.name).toBe("ghcr.io/stashkit/stashkit-emulator:1");
    const network = uniqueName("network");
    await must("docker", ["network", "create", network]);
    try {
      // GitLab hands the service the job's variables and its own.
      const env = { ...job.variables, ...service?.variables };
      const emulator = await start({
        env,
        args: ["--network", network, "--network-alias", String(service?.alias)],
      });
      await healthy(emulator.id);
      const app = await runToEnd({
        env: job.variables,
        mounts: [`${appFolder}:/app:ro`],
        args: ["--network", network, "--entrypoint", "node"],
        command: ["/app/app.mjs"],
      });
      expect(app.output.trim()).toBe("app: ok");
      expect(app.code).toBe(0);
      expect(await emulator.stop()).toBe(0);
    } finally {
      // Containers first (containers.ts removes them after the file); the network when they are gone.
      await run("sh", [
        "-c",
        `docker rm -f -v $(docker ps -aq --filter network=${network}) >/dev/null 2>&1; true`,
      ]);
      await run("docker", ["network", "rm", network]);
    }
  });
});

/** Compose v2 (`docker compose`, GitHub's runners) where it is, else v1 (`docker-compose`, Debian's). */
async function composeCommand(): Promise<[string, ...string[]]> {
  return (await run("docker", ["compose", "version"])).code === 0
    ? ["docker", "compose"]
    : ["docker-compose"];
}

describe("the docker compose recipe", () => {
  it("runs the emulator and an app beside it: search, a signed delivery to the app, the export on stop", async () => {
    const compose = recipe("compose.yaml");
    compose.services.stashkit.image = IMAGE;
    // Your machine's port 8787 may be taken; the app needs none of it.
    delete compose.services.stashkit.ports;
    // The stand-in for your app's build: the image's Node, running test/fixtures/app.mjs.
    delete compose.services.app.build;
    Object.assign(compose.services.app, {
      image: IMAGE,
      entrypoint: ["node", "/app/app.mjs"],
      volumes: [`${appFolder}:/app:ro`],
    });
    const file = join(appFolder, "compose.yaml");
    writeFileSync(file, stringify(compose));
    const project = uniqueName("compose");
    const [command, ...prefix] = await composeCommand();
    const composeArgs = [...prefix, "-p", project, "-f", file];
    try {
      const up = await run(command, [
        ...composeArgs,
        "up",
        "--abort-on-container-exit",
        "--exit-code-from",
        "app",
      ]);
      expect(up.stdout).toContain("app: ok");
      expect(up.code).toBe(0);
      await must(command, [...composeArgs, "stop"]);
      // Removed at once (--rm), so that `down --volumes` finds the volume unused.
      const exported = await must("docker", [
        ...[
          "run",
          "--rm",
          "-v",
          `${project}_stashkit-data:/data`,
          "--entrypoint",
          "cat",
          IMAGE,
          "/data/export.json",
        ],
      ]);
      const snapshot = JSON.parse(exported) as { state: { indexes: { index: { name: string } }[] } };
      expect(snapshot.state.indexes.map((entry) => entry.index.name)).toEqual(["shop"]);
    } finally {
      await run(command, [...composeArgs, "down", "--volumes", "--remove-orphans"]);
    }
  });
});

describe("the Python example", () => {
  it("compiles (it is not run: its packages come from a registry CI does not reach)", async () => {
    const compiled = await run("python3", [
      "-c",
      `import ast, sys; ast.parse(open(sys.argv[1]).read())`,
      join(RECIPES, "python/app.py"),
    ]);
    expect(compiled.stderr).toBe("");
    expect(compiled.code).toBe(0);
  });
});
