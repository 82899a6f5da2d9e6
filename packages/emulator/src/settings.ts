import { z } from "zod";
import type { ManagementSettings } from "./management/owned-indexes.ts";
import type { EmulatorOptions, ManagementErrorStyle } from "./options.ts";

/** What can change while the emulator runs (from code, or `PATCH /__stashkit/settings`). */
export interface EmulatorSettings extends ManagementSettings {
  latencyMs: number;
  jitterMs: number;
  managementErrorStyle: ManagementErrorStyle;
  /** Requests per second the messaging API serves before answering 429; 0 means no limit. */
  messagingRateLimit: number;
  /** Requests per second the management API serves before answering 429; 0 means no limit. */
  managementRateLimit: number;
}

/** A setting named that does not exist, or given a value it does not take. */
export class InvalidSettingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "InvalidSettingError";
  }
}

/** The settings the options ask for, checked like a `PATCH /settings` body. */
export function initialSettings(options: EmulatorOptions): EmulatorSettings {
  const settings: EmulatorSettings = {
    duplicateNames: options.duplicateNames ?? "allow",
    duplicateStatus: options.duplicateStatus ?? 409,
    createDelayMs: options.createDelayMs ?? 0,
    latencyMs: options.latency?.fixedMs ?? 0,
    jitterMs: options.latency?.jitterMs ?? 0,
    managementErrorStyle: options.managementErrorStyle ?? "json-string",
    messagingRateLimit: options.rateLimit?.messaging ?? 0,
    managementRateLimit: options.rateLimit?.management ?? 0,
  };
  parseSettingsPatch(settings);
  return settings;
}

const MAX_DELAY_MS = 600_000;
const milliseconds = z.int().min(0).max(MAX_DELAY_MS);
const MAX_RATE = 1_000_000;
const perSecond = z.int().min(0).max(MAX_RATE);
const PER_SECOND_WORDS = `a whole number of requests per second from 0 (no limit) to ${MAX_RATE}`;

/** Each setting, the values it takes, and those values in words for the error message. */
const SETTINGS = {
  duplicateNames: [z.enum(["allow", "reject"]), '"allow" or "reject"'],
  duplicateStatus: [z.union([z.literal(400), z.literal(409)]), "400 or 409"],
  createDelayMs: [milliseconds, `a whole number of milliseconds from 0 to ${MAX_DELAY_MS}`],
  latencyMs: [milliseconds, `a whole number of milliseconds from 0 to ${MAX_DELAY_MS}`],
  jitterMs: [milliseconds, `a whole number of milliseconds from 0 to ${MAX_DELAY_MS}`],
  managementErrorStyle: [
    z.enum(["text", "json-string", "error-object", "message-object"]),
    '"text", "json-string", "error-object" or "message-object"',
  ],
  messagingRateLimit: [perSecond, PER_SECOND_WORDS],
  managementRateLimit: [perSecond, PER_SECOND_WORDS],
} as const satisfies { [K in keyof EmulatorSettings]: readonly [z.ZodType<EmulatorSettings[K]>, string] };

type SettingName = keyof typeof SETTINGS;
const NAMES = Object.keys(SETTINGS) as SettingName[];

const patchSchema = z.strictObject(
  Object.fromEntries(NAMES.map((name) => [name, SETTINGS[name][0].optional()])) as {
    [K in SettingName]: z.ZodOptional<(typeof SETTINGS)[K][0]>;
  },
);

/**
 * Checks a settings change as a whole before any of it applies: only the settings'
 * own names (never inherited ones such as `__proto__`), each with a value it accepts.
 */
export function parseSettingsPatch(body: unknown): Partial<EmulatorSettings> {
  const parsed = patchSchema.safeParse(body);
  if (parsed.success) {
    return Object.fromEntries(Object.entries(parsed.data).filter(([, value]) => value !== undefined));
  }
  const issue = parsed.error.issues[0];
  if (issue?.code === "unrecognized_keys") {
    throw new InvalidSettingError(`unknown setting "${issue.keys[0]}"; settings are ${NAMES.join(", ")}`);
  }
  const name = issue?.path[0];
  if (typeof name === "string" && Object.hasOwn(SETTINGS, name)) {
    throw new InvalidSettingError(`setting "${name}" must be ${SETTINGS[name as SettingName][1]}`);
  }
  throw new InvalidSettingError(`settings must be a JSON object with some of ${NAMES.join(", ")}`);
}
