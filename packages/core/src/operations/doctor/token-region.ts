import type { MessagingClient } from "../../clients/messaging-client.ts";
import { AuthenticationError, StashkitError } from "../../errors/index.ts";
import {
  QSTASH_REGION_NAMES,
  type QStashRegion,
  regionNamedInRefusal,
  regionOfUrl,
  regionUrl,
} from "../../schemas/qstash-regions.ts";
import type { CallOptions } from "../../transport/call-options.ts";

/** What asking a URL with a token said of the token. */
export type TokenAnswer =
  | { outcome: "valid"; url: string }
  | { outcome: "refused"; url: string; status: number | undefined; regionNamed: QStashRegion | undefined }
  | { outcome: "unreachable"; url: string; error: string };

export interface TokenRegion {
  /** What the configured URL said. */
  atUrl: TokenAnswer;
  /** The region whose URL accepts the token; undefined when none did or the URL is no region's. */
  region: QStashRegion | undefined;
  /** The region of the configured URL (undefined for an emulator or a proxy). */
  urlRegion: QStashRegion | undefined;
}

/**
 * The region a messaging token belongs to. The token does not say (it is base64 of a user id
 * and a password), so the URL it is configured with is asked (`GET /v2/queues`, which a
 * read-only token may read too): the service answers a token of the other region with "user …
 * not found in this region (…)". When a region's URL refuses it, the other regions' URLs are
 * asked, and the one that accepts it is the token's. A URL of no region (the emulator, a proxy)
 * is asked alone: the token goes nowhere else. Every command can reuse this (issue 45).
 */
export async function detectTokenRegion(
  clientFor: (url: string) => MessagingClient,
  url: string,
  call: CallOptions,
): Promise<TokenRegion> {
  const urlRegion = regionOfUrl(url);
  const atUrl = await ask(clientFor(url), url, call);
  if (atUrl.outcome === "valid") return { atUrl, region: urlRegion, urlRegion };
  if (urlRegion === undefined || atUrl.outcome === "unreachable")
    return { atUrl, region: undefined, urlRegion };
  for (const region of QSTASH_REGION_NAMES.filter((name) => name !== urlRegion)) {
    const elsewhere = await ask(clientFor(regionUrl(region)), regionUrl(region), call);
    if (elsewhere.outcome === "valid") return { atUrl, region, urlRegion };
  }
  return { atUrl, region: undefined, urlRegion };
}

async function ask(client: MessagingClient, url: string, call: CallOptions): Promise<TokenAnswer> {
  try {
    await client.queues.list(call);
    return { outcome: "valid", url };
  } catch (error) {
    if (error instanceof AuthenticationError) {
      return {
        outcome: "refused",
        url,
        status: error.status,
        regionNamed: regionNamedInRefusal(error.apiMessage),
      };
    }
    if (error instanceof StashkitError && error.status === undefined) {
      return { outcome: "unreachable", url, error: error.message };
    }
    throw error;
  }
}
