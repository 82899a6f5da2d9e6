import { describe, expect, it } from "vitest";
import { accessOf } from "../../src/search-data/access.ts";

const index = { token: "read-write-secret", read_only_token: "read-only-secret" };

describe("data-plane access", () => {
  it("lets the token read and write, the read-only token read, and nothing else in", () => {
    expect(accessOf(index, "read-write-secret")).toBe("read-write");
    expect(accessOf(index, "read-only-secret")).toBe("read-only");
    expect(accessOf(index, "read-write-secreT")).toBeUndefined();
    expect(accessOf(index, "")).toBeUndefined();
    expect(accessOf({ token: "", read_only_token: "" }, "")).toBeUndefined();
  });
});
