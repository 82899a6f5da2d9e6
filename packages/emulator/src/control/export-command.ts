import { parseArgs } from "node:util";
import { SNAPSHOT_FORMAT, snapshotState, writeSnapshotFile } from "../state/snapshot.ts";
import { CONTROL_TOKEN_HEADER } from "./access.ts";
import { CONTROL_PREFIX } from "./routes.ts";

export const EXPORT_USAGE = `Usage: stashkit-emulator export <url> <file> [--control-token T]

Writes a snapshot of the emulator running at <url> (e.g. http://127.0.0.1:8787) to <file>;
start another from it with --import <file>. The control token, when the emulator has one, comes
from --control-token or $STASHKIT_EMULATOR_CONTROL_TOKEN.
`;

/** A problem the user can fix; printed as one line, exit code 1 (2 for a usage error). */
export class ExportCommandError extends Error {
  readonly exitCode: 1 | 2;
  constructor(message: string, exitCode: 1 | 2 = 1) {
    super(message);
    this.name = "ExportCommandError";
    this.exitCode = exitCode;
  }
}

/** `stashkit-emulator export <url> <file>`: asks a running emulator for a snapshot and writes it. */
export async function exportCommand(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  const { url, file, token } = exportArguments(args, env);
  const address = `${url.origin}${CONTROL_PREFIX}/export`;
  let response: Response;
  try {
    // No redirect is followed: fetch would send the control token on to wherever it points.
    response = await fetch(address, {
      redirect: "manual",
      ...(token === undefined ? {} : { headers: { [CONTROL_TOKEN_HEADER]: token } }),
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const reason = cause?.code ?? cause?.message ?? (error as Error).message;
    throw new ExportCommandError(`cannot reach ${address} (${reason}); is the emulator running there?`);
  }
  const text = await response.text();
  if (response.status >= 300 && response.status < 400) {
    throw new ExportCommandError(
      `${address} answered ${response.status}, a redirect to ${originOf(response.headers.get("location"), address)}: not followed, so that the control token goes only to the address given; give the emulator's own URL`,
    );
  }
  if (response.status !== 200) {
    throw new ExportCommandError(`${address} answered ${response.status}: ${errorOf(text)}`);
  }
  checkSnapshot(text, address);
  writeSnapshotFile(file, text.endsWith("\n") ? text : `${text}\n`);
  return `stashkit-emulator: wrote a snapshot of ${url.origin} to ${file}\n`;
}

function exportArguments(args: string[], env: NodeJS.ProcessEnv) {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(args);
  } catch (error) {
    throw new ExportCommandError(`${(error as Error).message}\n\n${EXPORT_USAGE}`, 2);
  }
  const [where, file, ...extra] = parsed.positionals;
  if (where === undefined || file === undefined || extra.length > 0) {
    throw new ExportCommandError(`export takes a URL and a file\n\n${EXPORT_USAGE}`, 2);
  }
  let url: URL;
  try {
    url = new URL(where);
  } catch {
    throw new ExportCommandError(
      `"${where}" is not a URL; give the emulator's, e.g. http://127.0.0.1:8787`,
      2,
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new ExportCommandError(`the emulator's URL must be http or https, got ${url.protocol}`, 2);
  }
  const token = parsed.values["control-token"] || env["STASHKIT_EMULATOR_CONTROL_TOKEN"] || undefined;
  return { url, file, token };
}

function parse(args: string[]) {
  return parseArgs({ args, allowPositionals: true, options: { "control-token": { type: "string" } } });
}

function checkSnapshot(text: string, address: string): void {
  try {
    const answer = JSON.parse(text) as Record<string, unknown>;
    if (answer["format"] === SNAPSHOT_FORMAT) {
      snapshotState(answer, address);
      return;
    }
  } catch {
    // Reported below: whatever answered is not an emulator.
  }
  throw new ExportCommandError(`${address} did not answer with a snapshot; is that a stashkit emulator?`);
}

function errorOf(text: string): string {
  try {
    const error = (JSON.parse(text) as { error?: unknown }).error;
    if (typeof error === "string") return error;
  } catch {
    // Not JSON: say so rather than echo a page.
  }
  return "an answer that is not the control API's";
}

/** Where a redirect points, as its origin only (its path or query may hold anything). */
function originOf(location: string | null, base: string): string {
  if (location === null) return "nowhere said";
  return URL.canParse(location, base) ? new URL(location, base).origin : "an address that is not a URL";
}
