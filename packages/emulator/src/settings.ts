import type { ManagementSettings } from "./management/search-routes.ts";
import type { EmulatorOptions, ManagementErrorStyle } from "./options.ts";

/** What can change while the emulator runs (from code, or `PATCH /__stashkit/settings`). */
export interface EmulatorSettings extends ManagementSettings {
  latencyMs: number;
  jitterMs: number;
  managementErrorStyle: ManagementErrorStyle;
}

export function initialSettings(options: EmulatorOptions): EmulatorSettings {
  return {
    duplicateNames: options.duplicateNames ?? "allow",
    duplicateStatus: options.duplicateStatus ?? 409,
    createDelayMs: options.createDelayMs ?? 0,
    latencyMs: options.latency?.fixedMs ?? 0,
    jitterMs: options.latency?.jitterMs ?? 0,
    managementErrorStyle: options.managementErrorStyle ?? "json-string",
  };
}
