import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { readActionMetadata } from "@stashkit/testing";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { readmeTable } from "../lib/readme-tables.ts";

const root = join(import.meta.dirname, "../..");
const actions = readdirSync(join(root, "actions")).filter((name) =>
  existsSync(join(root, "actions", name, "action.yml")),
);
const workflows = readdirSync(join(root, ".github/workflows")).filter((name) => /\.ya?ml$/.test(name));

interface WorkflowStep {
  uses?: string;
  with?: Record<string, unknown>;
}
interface Workflow {
  jobs: Record<string, { steps?: WorkflowStep[] }>;
}

it("finds the actions", () => {
  expect(actions).toEqual(expect.arrayContaining(["ensure-search-index", "pause-queue", "resume-queue"]));
});

describe.each(actions)("actions/%s", (name) => {
  const dir = join(root, "actions", name);
  const metadata = readActionMetadata(dir);
  const readme = readFileSync(join(dir, "README.md"), "utf8");

  it("runs the committed ESM bundle on node24", () => {
    expect(metadata.runs.using).toBe("node24");
    expect(metadata.runs.main).toBe("dist/index.js");
    expect(existsSync(join(dir, "dist/index.js"))).toBe(true);
    expect(JSON.parse(readFileSync(join(dir, "dist/package.json"), "utf8"))).toEqual({ type: "module" });
  });

  it("has a name, a description and branding", () => {
    expect(metadata.name).toMatch(/\S/);
    expect(metadata.description.length).toBeGreaterThan(20);
    expect(metadata.branding?.icon).toMatch(/\S/);
    expect(metadata.branding?.color).toMatch(/\S/);
  });

  it("describes every input and output", () => {
    for (const [input, spec] of Object.entries(metadata.inputs)) {
      expect(spec.description, input).toMatch(/\S{3}/);
      expect(typeof spec.required, input).toBe("boolean");
    }
    for (const [output, spec] of Object.entries(metadata.outputs))
      expect(spec.description, output).toMatch(/\S{3}/);
  });

  it("documents exactly the inputs of action.yml, with their defaults and whether they are required", () => {
    const table = readmeTable(readme, "Inputs");
    expect([...table.keys()].sort()).toEqual(Object.keys(metadata.inputs).sort());
    for (const [input, spec] of Object.entries(metadata.inputs)) {
      const [, required, documentedDefault] = table.get(input) ?? [];
      expect(required, input).toBe(spec.required ? "yes" : "no");
      expect(documentedDefault?.replace(/`/g, ""), input).toBe(
        spec.default === undefined ? "" : String(spec.default),
      );
    }
  });

  it("documents exactly the outputs of action.yml", () => {
    expect([...readmeTable(readme, "Outputs").keys()].sort()).toEqual(Object.keys(metadata.outputs).sort());
  });

  it.each(workflows)(
    "is used in %s only with inputs it declares, and with every required one",
    (workflow) => {
      const parsed = parse(readFileSync(join(root, ".github/workflows", workflow), "utf8")) as Workflow;
      const steps = Object.values(parsed.jobs).flatMap((job) => job.steps ?? []);
      for (const step of steps.filter((s) => s.uses === `./actions/${name}`)) {
        const given = Object.keys(step.with ?? {});
        for (const input of given)
          expect(Object.keys(metadata.inputs), `${workflow}: ${input}`).toContain(input);
        for (const [input, spec] of Object.entries(metadata.inputs)) {
          if (spec.required) expect(given, `${workflow}: required ${input}`).toContain(input);
        }
      }
    },
  );
});

// Core owns these rules; action.yml can only copy them, so the copies are held to core's values.
// Core's build is imported by path: this package has no dependency on it; turbo.json builds core before this package's typecheck and test.
describe.each(actions)("actions/%s follows core's rules", (name) => {
  const { inputs } = readActionMetadata(join(root, "actions", name));

  it("defaults timeout-seconds and max-attempts as core's STEP_LIMITS", async () => {
    const { STEP_LIMITS } = await import("../../packages/core/dist/internal.js");
    expect(inputs["timeout-seconds"]?.default).toBe(String(STEP_LIMITS.timeoutSeconds.default));
    expect(inputs["max-attempts"]?.default).toBe(String(STEP_LIMITS.maxAttempts.default));
  });

  it("takes core's if-missing values and target inputs, when it has them", async () => {
    const { IF_MISSING, TARGET_SELECTORS } = await import("../../packages/core/dist/internal.js");
    const ifMissing = inputs["if-missing"];
    if (ifMissing === undefined) return;
    for (const value of IF_MISSING) expect(ifMissing.description).toContain(value);
    for (const selector of Object.values(TARGET_SELECTORS))
      expect(Object.keys(inputs)).toContain(selector.input);
  });
});
