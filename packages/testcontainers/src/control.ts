import { readFile } from "node:fs/promises";

/** The control API's header for the token each container is started with. */
export const CONTROL_TOKEN_HEADER = "x-stashkit-control-token";

/** A snapshot: what `exportSnapshot()` (or `GET /__stashkit/export`) gives, or its file's path. */
export type SnapshotSource = Record<string, unknown> | string;

/** The emulator's control API refused or failed a request; the message is its own. */
export class EmulatorControlError extends Error {
  readonly status: number;
  constructor(request: string, status: number, detail: string) {
    super(`${request} answered ${status}: ${detail}`);
    this.name = "EmulatorControlError";
    this.status = status;
  }
}

/**
 * The control API of one container, reached from the host through its published port. From
 * outside the container the emulator answers its control API only with the control token (the
 * peer is not loopback), which every request here sends.
 */
export class ControlClient {
  readonly #url: string;
  readonly #token: string;

  constructor(url: string, token: string) {
    this.#url = url;
    this.#token = token;
  }

  async call(method: string, path: string, body?: unknown): Promise<unknown> {
    const headers: Record<string, string> = { [CONTROL_TOKEN_HEADER]: this.#token };
    if (body !== undefined) headers["content-type"] = "application/json";
    const address = `${this.#url}/__stashkit${path}`;
    const response = await fetch(address, {
      method,
      headers,
      // Followed, a redirect would carry the control token to wherever it points.
      redirect: "manual",
      ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
    });
    const text = await response.text();
    if (response.status >= 300 && response.status < 400) {
      const where = redirectOrigin(response.headers.get("location"), address);
      throw new EmulatorControlError(
        `${method} /__stashkit${path}`,
        response.status,
        `a redirect to ${where}, not followed (the control token goes only to the container's own address)`,
      );
    }
    if (!response.ok) {
      throw new EmulatorControlError(`${method} /__stashkit${path}`, response.status, errorOf(text));
    }
    return text === "" ? undefined : JSON.parse(text);
  }
}

/** The body of a restore: a snapshot's JSON, read from its file on this machine when given a path. */
export async function snapshotBody(snapshot: SnapshotSource): Promise<string> {
  return typeof snapshot === "string" ? await readFile(snapshot, "utf8") : JSON.stringify(snapshot);
}

/** Where a redirect points, as its origin only. */
function redirectOrigin(location: string | null, base: string): string {
  if (location === null) return "nowhere said";
  return URL.canParse(location, base) ? new URL(location, base).origin : "an address that is not a URL";
}

function errorOf(text: string): string {
  try {
    const parsed = JSON.parse(text) as { error?: unknown };
    if (typeof parsed.error === "string") return parsed.error;
  } catch {
    // not JSON: the text itself, cut short
  }
  return text.slice(0, 300);
}
