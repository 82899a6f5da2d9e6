import { z } from "zod";

const MAX_DELAY_MS = 600_000;
const MAX_RATE = 1_000_000;
const milliseconds = z.int().min(0).max(MAX_DELAY_MS);
const perSecond = z.int().min(0).max(MAX_RATE);
const MILLISECOND_WORDS = `a whole number of milliseconds from 0 to ${MAX_DELAY_MS}`;
const PER_SECOND_WORDS = `a whole number of requests per second from 0 (no limit) to ${MAX_RATE}`;

export const MANAGEMENT_ERROR_STYLES = ["text", "json-string", "error-object", "message-object"] as const;
export type ManagementErrorStyle = (typeof MANAGEMENT_ERROR_STYLES)[number];

/**
 * What can change while the emulator runs (from code, or `PATCH /__stashkit/settings`): each
 * setting's values, those values in words for error messages, and its value at start.
 */
export const SETTINGS = {
  duplicateNames: { schema: z.enum(["allow", "reject"]), accepts: '"allow" or "reject"', initial: "allow" },
  duplicateStatus: { schema: z.union([z.literal(400), z.literal(409)]), accepts: "400 or 409", initial: 409 },
  createDelayMs: { schema: milliseconds, accepts: MILLISECOND_WORDS, initial: 0 },
  latencyMs: { schema: milliseconds, accepts: MILLISECOND_WORDS, initial: 0 },
  jitterMs: { schema: milliseconds, accepts: MILLISECOND_WORDS, initial: 0 },
  managementErrorStyle: {
    schema: z.enum(MANAGEMENT_ERROR_STYLES),
    accepts: '"text", "json-string", "error-object" or "message-object"',
    initial: "json-string",
  },
  messagingRateLimit: { schema: perSecond, accepts: PER_SECOND_WORDS, initial: 0 },
  managementRateLimit: { schema: perSecond, accepts: PER_SECOND_WORDS, initial: 0 },
  searchEndpoint: { schema: z.enum(["name", "url"]), accepts: '"name" or "url"', initial: "url" },
  searchIndexingDelayMs: { schema: milliseconds, accepts: MILLISECOND_WORDS, initial: 0 },
  searchRateLimits: { schema: z.enum(["off", "index"]), accepts: '"off" or "index"', initial: "off" },
} as const;

export type SettingName = keyof typeof SETTINGS;

/** The live settings; every one is declared in `SETTINGS` above. */
export type EmulatorSettings = { -readonly [K in SettingName]: z.output<(typeof SETTINGS)[K]["schema"]> };
