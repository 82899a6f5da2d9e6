import { controlErrors } from "../control/errors.ts";
import type { Reply } from "../http/reply.ts";
import type { StoredIndex } from "../management/store.ts";

/** What the page's buttons act through: the emulator's own address and credentials. */
export interface ActionTarget {
  /** The emulator's base URL, known once it listens. */
  url(): string;
  /** Each QStash region it runs: where its API is under the URL, and its token (read live). */
  regions(): readonly ActionRegion[];
  indexes(): readonly StoredIndex[];
}

export interface ActionRegion {
  /** Undefined for the one region of a single-region emulator. */
  name: string | undefined;
  isDefault: boolean;
  path: string;
  token: string;
}

/**
 * The region a request of the page names (its `?region=`), the default region when it names
 * none: every button, send and by-hand action picks its region here. A 404 for a region the
 * emulator does not run; without the messaging API there is none at all.
 */
export function namedRegion<R extends { name: string | undefined; isDefault: boolean }>(
  regions: readonly R[],
  name: string | undefined,
): R {
  if (regions.length === 0) throw controlErrors.notMounted("messaging API");
  const found = regions.find((each) => (name === undefined ? each.isDefault : each.name === name));
  if (found === undefined) throw controlErrors.notFound("region", name ?? "");
  return found;
}

/** The messaging API requests the page's buttons send, by button. */
const MESSAGING_ACTIONS: Record<string, (id: string) => { method: string; path: string }> = {
  "queue/pause": (name) => ({ method: "POST", path: `/v2/queues/${name}/pause` }),
  "queue/resume": (name) => ({ method: "POST", path: `/v2/queues/${name}/resume` }),
  "dlq/retry": (id) => ({ method: "POST", path: `/v2/dlq/retry/${id}` }),
  "dlq/delete": (id) => ({ method: "DELETE", path: `/v2/dlq/${id}` }),
  "schedule/pause": (id) => ({ method: "POST", path: `/v2/schedules/${id}/pause` }),
  "schedule/resume": (id) => ({ method: "POST", path: `/v2/schedules/${id}/resume` }),
  "flow-control/pause": (key) => ({ method: "POST", path: `/v2/flowControl/${key}/pause` }),
  "flow-control/resume": (key) => ({ method: "POST", path: `/v2/flowControl/${key}/resume` }),
};

/** The buttons' names, `queue/pause` …; the page posts to `…/queue/{name}/pause`. */
export const MESSAGING_ACTION_NAMES = Object.keys(MESSAGING_ACTIONS);

/**
 * A button on the page is one request to the real API, sent by the emulator to itself with its
 * own credentials: the page never holds a token, the change goes through the same checks as a
 * client's, and it shows up in the request log like any other.
 */
export async function messagingAction(
  target: ActionTarget,
  action: string,
  id: string,
  regionName?: string,
): Promise<Reply> {
  const request = Object.hasOwn(MESSAGING_ACTIONS, action) ? MESSAGING_ACTIONS[action] : undefined;
  if (!request) throw controlErrors.notFound("inspector action", action);
  const region = namedRegion(target.regions(), regionName);
  const { method, path } = request(encodeURIComponent(id));
  const response = await fetch(`${target.url()}${region.path}${path}`, {
    method,
    headers: { authorization: `Bearer ${region.token}` },
  });
  return forwarded(response);
}

/** The query box: a real search through the index's data plane, with the index's token. */
export async function searchIndex(target: ActionTarget, id: string, rawBody: Buffer): Promise<Reply> {
  const { index } = existingIndex(target, id);
  let query: unknown;
  try {
    query = (JSON.parse(rawBody.toString("utf8")) as { query?: unknown }).query;
  } catch {
    query = undefined;
  }
  if (typeof query !== "string")
    throw controlErrors.invalidRequest('expected {"query": "words to look for"}');
  const response = await fetch(`${target.url()}/search/${encodeURIComponent(index.endpoint)}/search`, {
    method: "POST",
    headers: { authorization: `Bearer ${index.token}`, "content-type": "application/json" },
    body: JSON.stringify({ query, topK: 10, includeData: true }),
  });
  return forwarded(response);
}

/** Only when the user presses "Reveal token": the page shows no token otherwise. */
export function revealToken(target: ActionTarget, id: string): Reply {
  const { index } = existingIndex(target, id);
  return { status: 200, json: { token: index.token, readOnlyToken: index.read_only_token } };
}

function existingIndex(target: ActionTarget, id: string): StoredIndex {
  const found = target.indexes().find((entry) => entry.index.id === id);
  if (!found) throw controlErrors.notFound("search index", id);
  return found;
}

/** The real API's answer, as the page reads it: its status and JSON (text that is not JSON as `{error}`). */
export async function forwarded(response: Response): Promise<Reply> {
  const text = await response.text();
  let json: unknown;
  try {
    json = text === "" ? undefined : JSON.parse(text);
  } catch {
    json = { error: text.slice(0, 300) };
  }
  return { status: response.status, json: json ?? {} };
}
