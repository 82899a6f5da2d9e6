import { describe, expect, it } from "vitest";
import { retryDelayExpression } from "../../src/messaging/engine/delivery/backoff.ts";
import { MAX_EXPRESSION_LENGTH } from "../../src/messaging/engine/delivery/retry-delay-grammar.ts";
import { errorSchema } from "../contract.ts";
import { conforms, withSdk } from "../sdk/helpers.ts";

const delays = (expression: string) => [0, 1, 2, 3].map(retryDelayExpression(expression));

describe("Upstash-Retry-Delay is evaluated by a bounded grammar", () => {
  it.each([
    ["1000 * (1 + retried)", [1000, 2000, 3000, 4000]],
    ["pow(2, retried) * 1000", [1000, 2000, 4000, 8000]],
    ["2 ^ retried * 100", [100, 200, 400, 800]],
    ["2 ^ 3 ^ 0 + retried", [2, 3, 4, 5]],
    ["max(500, min(retried * 400, 1000))", [500, 500, 800, 1000]],
    ["10 - 2 - 3 + retried % 2", [5, 6, 5, 6]],
    ["-(-retried) * 10 / 4", [0, 2.5, 5, 7.5]],
    ["abs(0 - 7) + ceil(0.2) + floor(1.8) + round(sqrt(16)) + round(exp(0))", [14, 14, 14, 14]],
  ])("%s gives the documented arithmetic", (expression, expected) => {
    expect(delays(expression)).toEqual(expected);
  });

  it("answers 400 at once for an expression whose regular expression would backtrack for minutes", async () => {
    const { raw, server } = await withSdk();
    // An expression library's `~=` built /(a+)+$/ from the header and ran it on the event loop.
    const expression = `if "${"a".repeat(26)}!" ~= "(a+)+$" then 1 else 1000`;
    const answer = await raw("POST", "/v2/publish/http://127.0.0.1:9/x", {
      headers: { "upstash-retry-delay": expression },
    });
    expect(answer.status).toBe(400);
    expect(conforms(errorSchema, answer.json).error).toMatch(/Upstash-Retry-Delay/);
    expect(server.state.messages).toEqual([]);
  });

  it.each([
    ["longer than the cap", `${"1 + ".repeat(MAX_EXPRESSION_LENGTH / 4)}1`, /longer than 256/],
    ["nested too deep", `${"(".repeat(40)}1${")".repeat(40)}`, /nested deeper/],
    ["a property lookup", "retried.constructor", /not a number/],
    ["a function the service does not document", "eval(1)", /unknown name "eval"/],
    ["a function with the wrong arity", "pow(2)", /pow takes 2/],
    ["a string", '"1000"', /unexpected character/],
  ])("refuses an expression %s", (_case, expression, reason) => {
    expect(() => retryDelayExpression(expression)).toThrow(reason);
  });
});
