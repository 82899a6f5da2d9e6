import type { Format } from "../options/common.ts";

/** The qstash commands that show a plan write every format, Markdown too (a job summary, a comment). */
export const QSTASH_FORMATS: { formats: readonly Format[] } = {
  formats: ["text", "json", "markdown", "dotenv", "github"],
};
