import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { createInterface } from "node:readline";
import { ConfigurationError } from "../errors/index.ts";
import { type ReplayRecord, replayRecordSchema } from "../schemas/replay-record.ts";
import { parseJsonAt } from "../seed-files/json-error.ts";

/** One record of a replay file, with the line it is on (for messages). */
export interface ReplayLine {
  record: ReplayRecord;
  line: number;
}

/**
 * The records of an NDJSON file as `dlq export` writes it, one a line (blank lines skipped),
 * streamed. A line that is not JSON, or not a record, throws a ConfigurationError naming the
 * input, the file, the line and what was expected there, never the line's text (it holds
 * payloads). Callers read the file twice: once to check every line, once to send.
 */
export async function* replayFileRecords(path: string, input: string): AsyncGenerator<ReplayLine> {
  await requireFile(path, input);
  const lines = createInterface({ input: createReadStream(path, { encoding: "utf8" }), crlfDelay: Infinity });
  let line = 0;
  for await (const text of lines) {
    line++;
    if (text.trim() !== "") yield { record: recordAt(text, line, path, input), line };
  }
}

function recordAt(text: string, line: number, path: string, input: string): ReplayRecord {
  const fail = (place: string, message: string) =>
    new ConfigurationError(input, `${input}: ${path} ${place}: ${message}`);
  const json = parseJsonAt(text, { line, column: 1, after: "the end of the line" });
  if (!("value" in json)) throw fail(json.place, json.message);
  const parsed = replayRecordSchema.safeParse(json.value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.length ? `${issue.path.join(".")}: ` : "";
  throw fail(
    `line ${line}`,
    `${field}${issue?.message ?? "not a record"}; a line is a record of stashkit dlq export ({"kind": "message", …} or {"kind": "run", …})`,
  );
}

async function requireFile(path: string, input: string): Promise<void> {
  try {
    if (!(await stat(path)).isFile())
      throw new ConfigurationError(input, `${input}: ${path} is not a regular file`);
  } catch (cause) {
    if (cause instanceof ConfigurationError) throw cause;
    const code = (cause as NodeJS.ErrnoException).code ?? "unreadable";
    throw new ConfigurationError(input, `${input}: ${path} cannot be read (${code})`);
  }
}
