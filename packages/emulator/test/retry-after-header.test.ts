import { describe, expect, it } from "vitest";
import { retryAfterMs } from "../src/messaging/engine/delivery/backoff.ts";

const NOW = Date.parse("2026-06-01T12:00:00Z");

describe("the wait an answer asks for before its retry", () => {
  it("reads seconds, an HTTP date and a duration, from Retry-After or a rate limit's reset", () => {
    expect(retryAfterMs({ "Retry-After": ["30"] }, NOW)).toBe(30_000);
    expect(retryAfterMs({ "Retry-After": ["0"] }, NOW)).toBe(0);
    expect(retryAfterMs({ "Retry-After": ["Mon, 01 Jun 2026 12:05:00 GMT"] }, NOW)).toBe(300_000);
    expect(retryAfterMs({ "X-RateLimit-Reset-Requests": ["6m5s"] }, NOW)).toBe(365_000);
    expect(retryAfterMs({ "x-ratelimit-reset": ["1500ms"] }, NOW)).toBe(1_500);
  });

  it("leaves the backoff to decide past one day, for a value it cannot read, or without one", () => {
    expect(retryAfterMs({ "Retry-After": ["86401"] }, NOW)).toBeUndefined();
    expect(retryAfterMs({ "Retry-After": ["soon"] }, NOW)).toBeUndefined();
    expect(retryAfterMs({ "Content-Type": ["text/plain"] }, NOW)).toBeUndefined();
    expect(retryAfterMs(undefined, NOW)).toBeUndefined();
  });
});
