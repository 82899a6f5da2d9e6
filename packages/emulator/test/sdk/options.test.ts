import { describe, expect, it } from "vitest";
import { type EmulatorOptions, InvalidSettingError, startEmulator } from "../../src/index.ts";

describe("messaging options", () => {
  it.each<[string, EmulatorOptions, RegExp]>([
    [
      "a negative backoff scale",
      { retryBackoffScale: -1 },
      /retryBackoffScale must be a number of 0 or more/,
    ],
    [
      "a zero delivery timeout",
      { deliveryTimeoutMs: 0 },
      /deliveryTimeoutMs must be a whole number of 1 or more/,
    ],
    [
      "an empty signing key",
      { signingKeys: { current: " " } },
      /signingKeys.current must be a non-empty string/,
    ],
  ])("refuses %s before listening", async (_case, options, message) => {
    const starting = startEmulator(options);
    await expect(starting).rejects.toBeInstanceOf(InvalidSettingError);
    await expect(starting).rejects.toThrow(message);
  });
});
