import { restUrl } from "../resources/rest-url.ts";
import type { EnsureResult } from "./ensure-search-index.ts";

/**
 * One value an operation hands over: its name as an action output (and the CLI's `--format
 * github`), its name as an environment variable (the CLI's dotenv), and how sensitive it is.
 * `secret` values are tokens; `endpoint` values the actions mask unless told otherwise.
 */
export interface ResultField {
  output: string;
  env: string;
  value: string;
  sensitivity?: "secret" | "endpoint";
}

type FieldSpec = Omit<ResultField, "value"> & { read(result: EnsureResult): string };

/** Every field of an ensure's result, in the order the actions' outputs and the CLI's formats use. */
// size: table
export const ENSURE_RESULT_FIELDS: readonly FieldSpec[] = [
  { output: "id", env: "UPSTASH_SEARCH_INDEX_ID", read: (r) => r.index.id },
  { output: "name", env: "UPSTASH_SEARCH_INDEX_NAME", read: (r) => r.index.name },
  { output: "region", env: "UPSTASH_SEARCH_INDEX_REGION", read: (r) => r.index.region },
  { output: "type", env: "UPSTASH_SEARCH_INDEX_TYPE", read: (r) => r.index.type },
  {
    output: "endpoint",
    env: "UPSTASH_SEARCH_ENDPOINT",
    read: (r) => r.index.endpoint,
    sensitivity: "endpoint",
  },
  {
    output: "rest-url",
    env: "UPSTASH_SEARCH_REST_URL",
    read: (r) => restUrl(r.index),
    sensitivity: "endpoint",
  },
  { output: "token", env: "UPSTASH_SEARCH_REST_TOKEN", read: (r) => r.index.token, sensitivity: "secret" },
  {
    output: "read-only-token",
    env: "UPSTASH_SEARCH_REST_READONLY_TOKEN",
    read: (r) => r.index.read_only_token,
    sensitivity: "secret",
  },
  { output: "created", env: "UPSTASH_SEARCH_INDEX_CREATED", read: (r) => String(r.created) },
];

export function ensureResultFields(result: EnsureResult): ResultField[] {
  return ENSURE_RESULT_FIELDS.map(({ read, ...field }) => ({ ...field, value: read(result) }));
}
