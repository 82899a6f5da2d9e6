// Apart from common.ts (which loads core's limits) because the start-up code reads it too: the
// "did you mean --format json" for `--json` is worked out before any command's module loads.

/** What `--format` takes. */
export const FORMATS = ["text", "json", "dotenv", "github", "markdown"] as const;
export type Format = (typeof FORMATS)[number];
