import { describe, expect, it } from "vitest";
import {
  ConfigurationError,
  judgeCandidates,
  parseMaxAge,
  previewCommentBody,
  previewCommentMarker,
  previewGoneCommentBody,
  protectRule,
  pruneReasonText,
  refuseProtected,
} from "../src/index.ts";
import { isOlderThan } from "../src/schemas/max-age.ts";
import { caught } from "./helpers.ts";

describe("parseMaxAge", () => {
  it("reads minutes, hours, days, weeks and their sums", () => {
    expect(parseMaxAge("7d")).toEqual({ text: "7d", ms: 7 * 86_400_000 });
    expect(parseMaxAge(" 36h ").ms).toBe(36 * 3_600_000);
    expect(parseMaxAge("90m").ms).toBe(90 * 60_000);
    expect(parseMaxAge("2w").ms).toBe(14 * 86_400_000);
    expect(parseMaxAge("1d12h").ms).toBe(36 * 3_600_000);
  });

  it.each(["", "7", "7 days", "-7d", "1.5h", "0d", "7y", "d7", "3651d", "7D"])(
    "refuses %j naming the input and what it accepts",
    (text) => {
      const error = (() => {
        try {
          parseMaxAge(text, "max-age");
        } catch (thrown) {
          return thrown as ConfigurationError;
        }
        throw new Error("accepted");
      })();
      expect(error).toBeInstanceOf(ConfigurationError);
      expect(error.input).toBe("max-age");
      expect(error.message).toMatch(/^max-age must be a duration such as 7d, 36h or 90m .*; got /);
      expect(error.message.split("\n")).toHaveLength(1);
    },
  );

  it("calls older only what is past the age", () => {
    const day = parseMaxAge("1d");
    expect(isOlderThan(0, day, 86_400_001)).toBe(true);
    expect(isOlderThan(0, day, 86_400_000)).toBe(false);
  });
});

describe("protectRule", () => {
  const rule = protectRule(["myapp-production", "*-staging", "shared-{branch}", " "], "protect");

  it("matches exact names, * patterns and templates, ignoring case; blank entries are dropped", () => {
    expect(rule.entries).toEqual(["myapp-production", "*-staging", "shared-{branch}"]);
    expect(rule.match("myapp-production")).toBe("myapp-production");
    expect(rule.match("MyApp-Production")).toBe("myapp-production");
    expect(rule.match("web-staging")).toBe("*-staging");
    expect(rule.match("shared-main")).toBe("shared-{branch}");
    expect(rule.match("myapp-production-2")).toBeUndefined();
    expect(rule.match("myapp-pr-7")).toBeUndefined();
    // Regular expression characters in a name are literal.
    expect(protectRule(["a.b"]).match("axb")).toBeUndefined();
  });

  it("refuses an unknown placeholder before anything is sent, naming the input", () => {
    expect(() => protectRule(["myapp-{nope}"], "--protect")).toThrow(
      /--protect uses the unknown placeholder/,
    );
  });

  it("refuses to act on a protected name in one line naming the protect input and the entry", async () => {
    const error = await caught(async () =>
      refuseProtected(rule, "myapp-production", { input: "name", action: "delete" }),
    );
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as ConfigurationError).input).toBe("protect");
    expect(error.message).toBe(
      'name "myapp-production" is protected by protect "myapp-production": stashkit does not delete it (reading from it, as clone-from does, stays allowed)',
    );
    expect(() => refuseProtected(rule, "myapp-pr-7", { input: "name", action: "delete" })).not.toThrow();
    expect(() =>
      refuseProtected(undefined, "myapp-production", { input: "name", action: "delete" }),
    ).not.toThrow();
  });
});

describe("judgeCandidates", () => {
  const day = 86_400_000;
  const now = 100 * day;
  const candidates = [
    { name: "app-pr-1", created: now - 10 * day },
    { name: "app-pr-2", created: now - 1 * day },
    { name: "app-pr-3", created: undefined },
    { name: "app-pr-4", created: now - 30 * day },
  ];

  it("keeps the protected, deletes the old, and asks staleOf only about the rest", async () => {
    const asked: string[][] = [];
    const verdicts = await judgeCandidates(candidates, {
      maxAge: parseMaxAge("7d"),
      now,
      createdAt: (c) => c.created,
      protect: protectRule(["app-pr-4"]),
      staleOf: (rest) => {
        asked.push(rest.map((c) => c.name));
        return rest.map((c) => c.name === "app-pr-3");
      },
    });
    expect(asked).toEqual([["app-pr-2", "app-pr-3"]]);
    expect(verdicts.stale.map((s) => [s.name, s.reason.kind])).toEqual([
      ["app-pr-1", "older"],
      ["app-pr-3", "closed"],
    ]);
    expect(verdicts.kept.map((k) => k.name)).toEqual(["app-pr-2"]);
    expect(verdicts.protected).toMatchObject([{ name: "app-pr-4", protectedBy: "app-pr-4" }]);
    expect(pruneReasonText(verdicts.stale[0]?.reason ?? { kind: "closed" })).toBe(
      "older than 7d (created 1970-04-01T00:00:00Z)",
    );
    expect(pruneReasonText({ kind: "closed" })).toBe("closed");
  });

  it("with max-age alone, keeps what has no known age", async () => {
    const verdicts = await judgeCandidates(candidates, {
      maxAge: parseMaxAge("7d"),
      now,
      createdAt: (c) => c.created,
    });
    expect(verdicts.stale.map((s) => s.name)).toEqual(["app-pr-1", "app-pr-4"]);
    expect(verdicts.kept.map((k) => k.name)).toEqual(["app-pr-2", "app-pr-3"]);
  });
});

describe("the preview comment", () => {
  const facts = {
    index: { name: "shop-pr-7", id: "idx-1", region: "eu-west-1", type: "free" },
    created: true,
    seeded: { written: 3, indexes: [{ index: "movies", written: 3, seeded: true, ms: 5 }] },
    ephemeral: false,
    commit: "0123456789abcdef",
  };

  it("starts with the marker and lists the index, region, plan, documents and how it is deleted", () => {
    const body = previewCommentBody(facts);
    expect(body.split("\n")[0]).toBe(previewCommentMarker("shop-pr-7"));
    expect(body).toContain("### Search preview created for 0123456");
    expect(body).toContain("| shop-pr-7 | idx-1 | eu-west-1 | free | movies: 3 written |");
    expect(body).toContain("until this pull request closes");
    expect(previewCommentBody({ ...facts, ephemeral: true })).toContain("when the job that created it ends");
  });

  it("escapes hostile names and keeps them out of the marker's comment syntax", () => {
    const hostile = "x --> <img src=x onerror=alert(1)> [a](http://evil)";
    const body = previewCommentBody({ ...facts, index: { ...facts.index, name: hostile } });
    expect(body.split("\n")[0]).toBe(`<!-- stashkit-preview: ${encodeURIComponent(hostile)} -->`);
    // Only escaped: a backslash before each "<", "[" and "(" that could start markup.
    expect(body).not.toMatch(/(?<!\\)<img/);
    expect(body).not.toMatch(/(?<!\\)\]\(http/);
    expect(body).toContain("\\<img");
    const gone = previewGoneCommentBody({ name: hostile, deleted: [hostile], at: new Date(0) });
    expect(gone).not.toMatch(/(?<!\\)<img/);
    expect(gone).toContain("1970-01-01T00:00:00Z");
  });
});
