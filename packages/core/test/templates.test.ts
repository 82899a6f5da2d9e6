import { describe, expect, it } from "vitest";
import { ConfigurationError, expandNameTemplate, restUrl } from "../src/index.ts";

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
      "app-42-fix-n-code-branch-abcdef1-9-my-app",
    );
  });

  it("names the input and says where a missing value comes from", () => {
    const expand = () =>
      expandNameTemplate("pr-{pr}", {}, { input: "index-name", whereMissing: () => " in this pipeline" });
    expect(expand).toThrow(ConfigurationError);
    expect(expand).toThrow("index-name uses {pr}, which has no value in this pipeline");
  });

  it("treats a value that sanitizes to nothing as missing", () => {
    expect(() => expandNameTemplate("{branch}", { branch: "///" })).toThrow(/\{branch\}, which has no value/);
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
