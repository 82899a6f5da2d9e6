import type { EnsureResult } from "@stashkit/core";
import { ENSURE_RESULT_FIELDS, ensureResultFields, type ResultField } from "@stashkit/core/internal";

/** The step's outputs by name: core's result fields of an ensure, the same the CLI writes. */
export type EnsureOutputs = Record<string, string>;

export function ensureOutputs(result: EnsureResult): EnsureOutputs {
  return Object.fromEntries(ensureResultFields(result).map((f) => [f.output, f.value]));
}

/** The values the runner must mask: always the tokens; the endpoint too unless asked otherwise. */
export function secretOutputs(outputs: EnsureOutputs, maskEndpoint: boolean): string[] {
  const named = (sensitivity: ResultField["sensitivity"]) =>
    ENSURE_RESULT_FIELDS.filter((f) => f.sensitivity === sensitivity).map((f) => outputs[f.output] ?? "");
  return maskEndpoint ? [...named("secret"), ...named("endpoint")] : named("secret");
}
