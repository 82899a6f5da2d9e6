import { z } from "zod";
import type { EmulatorOptions } from "./emulator-options.ts";
import { InvalidSettingError } from "./invalid-setting.ts";
import { declaredOptions, valueAt } from "./option-list.ts";
import { type EmulatorSettings, SETTINGS, type SettingName } from "./setting-declarations.ts";

export { InvalidSettingError } from "./invalid-setting.ts";
export type { EmulatorSettings } from "./setting-declarations.ts";

const NAMES = Object.keys(SETTINGS) as SettingName[];

/** The settings the options ask for, checked like a `PATCH /settings` body. */
export function initialSettings(options: EmulatorOptions): EmulatorSettings {
  const settings = Object.fromEntries(
    NAMES.map((name) => [name, SETTINGS[name].initial]),
  ) as EmulatorSettings;
  for (const { path, info } of declaredOptions()) {
    const value = valueAt(options, path);
    if (info.setting !== undefined && value !== undefined) Object.assign(settings, { [info.setting]: value });
  }
  parseSettingsPatch(settings);
  return settings;
}

const patchSchema = z.strictObject(
  Object.fromEntries(NAMES.map((name) => [name, SETTINGS[name].schema.optional()])) as {
    [K in SettingName]: z.ZodOptional<(typeof SETTINGS)[K]["schema"]>;
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
    throw new InvalidSettingError(`setting "${name}" must be ${SETTINGS[name as SettingName].accepts}`);
  }
  throw new InvalidSettingError(`settings must be a JSON object with some of ${NAMES.join(", ")}`);
}
