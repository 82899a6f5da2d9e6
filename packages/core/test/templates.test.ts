import { describe, expect, it } from "vitest";
import { ConfigurationError, expandNameTemplate, restUrl, templateMatcher } from "../src/index.ts";

describe("expandNameTemplate", () => {
  it("fills each placeholder from plain values, made safe for a name", () => {
    const values = {
      pr: "42",
      branch: "fix/Ünïcode--branch!",
      sha: "ABCDEF1234567",
      run_id: "9",
      repo: "My.App",
    };
    expect(expandNameTemplate("app-{pr}-{branch}-{sha}-{run_id}-{repo}", values)).toBe(
      "app-42-fix-uenicode-branch-d02cc9-abcdef1-9-my-app-feaec9",
    );
  });

  it("keeps lower-case words as they are and gives anything sanitising changed a hash suffix", () => {
    const branch = (value: string) => expandNameTemplate("{branch}", { branch: value });
    expect(branch("main")).toBe("main");
    expect(branch("feature-x")).toBe("feature-x");
    // These all collapsed to "feature" or "feature-x" before: now each is a name of its own.
    const names = ["Feature/ÄÖÜ-ß", "feature/x", "Feature-X", "feature--x", "feature_x", "feature-x"].map(
      branch,
    );
    expect(new Set(names).size).toBe(names.length);
    expect(branch("Feature/ÄÖÜ-ß")).toMatch(/^feature-aeoeue-ss-[0-9a-f]{6}$/);
    expect(branch("café-crème")).toMatch(/^cafe-creme-[0-9a-f]{6}$/);
    expect(branch("Smørrebrød/Łódź")).toMatch(/^smorrebrod-lodz-[0-9a-f]{6}$/);
  });

  it("cuts long values to 40 characters, hash included, so long branches sharing a start differ", () => {
    const start = "release/2026-11-q4-payments-platform-migration";
    const a = expandNameTemplate("{branch}", { branch: `${start}-part-one` });
    const b = expandNameTemplate("{branch}", { branch: `${start}-part-two` });
    expect(a).not.toBe(b);
    expect(a.length).toBeLessThanOrEqual(40);
    expect(a).toMatch(/^release-2026-11-q4-payments-platf-[0-9a-f]{6}$/);
  });

  it("says clearly when a value leaves nothing usable", () => {
    expect(() => expandNameTemplate("app-{branch}", { branch: "日本語" }, { input: "name" })).toThrow(
      /name uses \{branch\}, whose value "日本語" leaves nothing usable in a name: it must be letters or digits/,
    );
    expect(() => expandNameTemplate("app-{pr}", { pr: "007" })).toThrow(/whose value "007" .* whole number/);
    expect(() => expandNameTemplate("app-{pr}", { pr: "9007199254740993" })).toThrow(/at most 2\^53/);
    expect(() => expandNameTemplate("app-{sha}", { sha: "not-a-sha" })).toThrow(/commit sha/);
  });

  it("names the input and says where a missing value comes from", () => {
    const expand = () =>
      expandNameTemplate("pr-{pr}", {}, { input: "index-name", whereMissing: () => " in this pipeline" });
    expect(expand).toThrow(ConfigurationError);
    expect(expand).toThrow("index-name uses {pr}, which has no value in this pipeline");
  });

  it("treats an empty value as missing", () => {
    expect(() => expandNameTemplate("{branch}", { branch: "  " })).toThrow(/\{branch\}, which has no value/);
  });
});

describe("templateMatcher", () => {
  it("reads canonical numbers only: no leading zeros, nothing past 2^53 - 1", () => {
    const match = templateMatcher("app-pr-{pr}");
    expect(match("app-pr-7")).toEqual({ pr: "7" });
    expect(match("app-pr-0")).toEqual({ pr: "0" });
    expect(match("app-pr-9007199254740991")).toEqual({ pr: "9007199254740991" });
    expect(match("app-pr-007")).toBeUndefined();
    expect(match("app-pr-9007199254740992")).toBeUndefined();
    expect(match("app-pr-123456789012345678")).toBeUndefined();
    expect(match("app-pr--1")).toBeUndefined();
  });

  it("matches every name expandNameTemplate makes, with the filled values, over many values", () => {
    // A deterministic spread of values: words, case, separators, accents, other scripts, long ones.
    const pieces = [
      "main",
      "Feature",
      "/",
      "-",
      "_",
      "ÄÖÜ",
      "ß",
      "é",
      "日本",
      "x",
      "42",
      ".",
      " ",
      "Ω",
      "-q4-",
      "long".repeat(12),
    ];
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed;
    };
    const value = () =>
      Array.from({ length: 1 + (next() % 6) }, () => pieces[next() % pieces.length]).join("");
    const templates = [
      "app-pr-{pr}",
      "{repo}-{branch}-{pr}",
      "{branch}-run-{run_id}-{sha}",
      "x{pr}y{branch}",
    ];
    let checked = 0;
    for (let i = 0; i < 2000; i++) {
      const values = {
        pr: String(next() % 100000),
        run_id: String(next()),
        branch: value(),
        repo: value(),
        sha: `${next().toString(16)}0123456789abcdef`.slice(0, 12),
      };
      for (const template of templates) {
        let name: string;
        try {
          name = expandNameTemplate(template, values);
        } catch {
          continue; // a value that leaves nothing usable: refused, nothing to match
        }
        const found = templateMatcher(template)(name);
        expect(found, `${template} ${JSON.stringify(values)} → ${name}`).toBeDefined();
        expect(expandNameTemplate(template, { ...values, ...found }), name).toBe(name);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(4000);
  });
});

describe("restUrl", () => {
  it.each([
    ["glowing-baboon-15797-us1", "https://glowing-baboon-15797-us1-search.upstash.io"],
    ["custom.example.com", "https://custom.example.com"],
    ["https://already.example.com/", "https://already.example.com"],
    ["http://127.0.0.1:8787", "http://127.0.0.1:8787"],
  ])("turns the endpoint %j into %j", (endpoint, url) => {
    expect(restUrl({ endpoint })).toBe(url);
  });

  it("fills a caller's template", () => {
    expect(restUrl({ endpoint: "x-1-eu1" }, "https://{endpoint}.search.example")).toBe(
      "https://x-1-eu1.search.example",
    );
  });
});
