import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { declarationJsonSchema } from "../src/internal.ts";
import { type PrefixPart, templatesMeet } from "../src/qstash-files/prefix-overlap.ts";

const t = (text: string): PrefixPart[] =>
  [...text.matchAll(/\{(pr|sha|branch)\}|[^{]+/g)].map(([whole, placeholder]) =>
    placeholder === undefined ? { literal: whole } : { placeholder: placeholder as "pr" | "sha" | "branch" },
  );

describe("when two prefixes or names can meet", () => {
  it.each([
    ["production-", "preview-{pr}-", false],
    ["prod-", "prod-eu-", true],
    ["", "preview-", true],
    ["app-{pr}-", "app-main-", false],
    ["app-{branch}-", "app-main-", true],
    ["pr-{pr}-", "pr-{pr}-x-", true],
    ["a{sha}-", "ag-", false],
  ])("prefixes %j and %j: %s", (a, b, meet) => {
    expect(templatesMeet(t(a), t(b), "either")).toBe(meet);
    expect(templatesMeet(t(b), t(a), "either")).toBe(meet);
  });

  it("a prefix and a whole name; two whole names", () => {
    expect(templatesMeet(t("preview-{pr}-"), t("preview-7-orders"), "first")).toBe(true);
    expect(templatesMeet(t("preview-{pr}-"), t("preview-orders"), "first")).toBe(false);
    expect(templatesMeet(t("orders-{pr}"), t("orders-12"), "both")).toBe(true);
    expect(templatesMeet(t("orders-{pr}"), t("orders-x"), "both")).toBe(false);
  });
});

describe("the JSON Schema shipped for editors", () => {
  it("is the one the file is checked with (run `node scripts/write-qstash-schema.mjs` after a change)", () => {
    const committed = JSON.parse(readFileSync(join(import.meta.dirname, "../qstash.schema.json"), "utf8"));
    expect(committed).toEqual(declarationJsonSchema());
  });
});
