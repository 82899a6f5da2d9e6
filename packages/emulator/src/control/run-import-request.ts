import { z } from "zod";
import { MAX_RETRIES } from "../messaging/engine/message-headers.ts";
import type { RunImport } from "../messaging/engine/workflow/run-import.ts";
import { controlErrors } from "./errors.ts";

/** The most steps an imported run may have: far more than any run the SDK would replay in one call. */
export const MAX_IMPORTED_STEPS = 10_000;

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const headers = z.record(
  z.string().regex(/^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/),
  z.string().regex(/^[^\r\n\0]*$/),
);
const base64 = z.string().regex(BASE64);

const schema = z.strictObject({
  workflowRunId: z.string().min(1).max(256),
  url: z.url({ protocol: /^https?$/ }),
  payload: base64,
  steps: z.array(z.record(z.string(), z.unknown())).max(MAX_IMPORTED_STEPS),
  next: z.strictObject({ body: base64, headers }).optional(),
  headers: headers.optional(),
  retries: z.int().min(0).max(MAX_RETRIES).optional(),
  labels: z.array(z.string().min(1)).optional(),
});

const ACCEPTS: Record<string, string> = {
  workflowRunId: "a string of 1 to 256 characters",
  url: "an http(s) URL",
  payload: "the trigger's payload in base64",
  steps: `a list of at most ${MAX_IMPORTED_STEPS} steps (objects, as the Workflow SDK writes them)`,
  next: '{"body": base64, "headers": {name: value}}',
  headers: "an object of header names and values",
  retries: `a whole number from 0 to ${MAX_RETRIES}`,
  labels: "a list of labels",
};

/**
 * A run to import (`POST /__stashkit/workflows/runs/import`), checked: a 400 names the field and
 * what it accepts. Steps without a delivery to make after them are refused: the first delivery
 * of a run carries its payload alone.
 */
export function checkedRunImport(input: unknown): RunImport {
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    if (issue?.code === "unrecognized_keys") {
      throw controlErrors.invalidRequest(
        `unknown run import field "${issue.keys[0]}"; fields are ${Object.keys(ACCEPTS).join(", ")}`,
      );
    }
    const field = String(issue?.path[0] ?? "");
    const accepts = Object.hasOwn(ACCEPTS, field) ? ACCEPTS[field] : undefined;
    throw controlErrors.invalidRequest(
      accepts
        ? `run import field "${field}" must be ${accepts}`
        : 'expected {"workflowRunId", "url", "payload", "steps", "next"?}',
    );
  }
  const run = parsed.data;
  if (run.next === undefined && run.steps.length > 0) {
    throw controlErrors.invalidRequest(
      'run import: "steps" need "next", the delivery to make after them; without it the run starts from its payload',
    );
  }
  return run;
}
