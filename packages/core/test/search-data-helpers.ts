import type { RunningEmulator } from "@stashkit/emulator";
import { ensureSearchIndex, type FromIndexOptions, type SearchIndex, SearchIndexData } from "../src/index.ts";
import { emulator, managementClient } from "./helpers.ts";

/** The emulator's data-plane routes, as its request log and faults name them. */
export const inNamespace = (route: string) => `POST /search/:endpoint/${route}/*namespace`;
export const inDefault = (route: string) => `POST /search/:endpoint/${route}`;

/**
 * An emulator whose management API gives endpoints as data-plane URLs, an index on it (created
 * by `ensureSearchIndex`, as a CI step does), and a data-plane client of that index.
 */
export async function indexWithData(
  options: FromIndexOptions = {},
  name = "docs",
): Promise<{ server: RunningEmulator; index: SearchIndex; data: SearchIndexData }> {
  const server = await emulator({ search: { endpoint: "url" } });
  const { index } = await ensureSearchIndex(managementClient(server), { name, region: "eu-west-1" });
  server.clearRequests();
  return { server, index, data: SearchIndexData.fromIndex(index, { env: {}, ...options }) };
}

/** `count` documents: ids `doc-0000`…, a title with the number, its parity, the number as metadata. */
export function documents(count: number, prefix = "doc") {
  return Array.from({ length: count }, (_, n) => ({
    id: `${prefix}-${String(n).padStart(4, "0")}`,
    content: { title: `document number ${n}`, parity: n % 2 === 0 ? "even" : "odd" },
    metadata: { n },
  }));
}

/** The requests the emulator saw, as "route status". */
export function seen(server: RunningEmulator): string[] {
  return server.requests.map((request) => `${request.route} ${request.status}`);
}

export function times<T>(count: number, value: T): T[] {
  return Array.from({ length: count }, () => value);
}
