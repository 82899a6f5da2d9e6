import type { MessagingClient } from "../clients/messaging-client.ts";
import { ConfigurationError, NotFoundError } from "../errors/index.ts";
import { QSTASH_REGION_NAMES, regionNamedInRefusal } from "../schemas/qstash-regions.ts";
import type { CallOptions } from "../transport/call-options.ts";
import type { QStashRegion, RegionSetting } from "./qstash-regions.ts";

/** Where a region's URL and token came from: its setting without the token itself. */
export type RegionPlace = Omit<RegionSetting, "token">;

/** One region's client, and where its URL and token came from. */
export interface RegionalClient {
  setting: RegionPlace;
  client: MessagingClient;
}

/** A token sent to the other region's URL: named before anything is written. */
export class RegionMismatchError extends ConfigurationError {
  override name = "RegionMismatchError";
  /** The region of the URL (the one that refused the token), and the region the token is of. */
  readonly urlRegion: QStashRegion;
  readonly tokenRegion: QStashRegion;

  constructor(setting: RegionPlace, urlRegion: QStashRegion) {
    const tokenRegion = QSTASH_REGION_NAMES.find((region) => region !== urlRegion) as QStashRegion;
    super(
      setting.tokenVariable,
      `${setting.tokenVariable} is a token of region ${tokenRegion}, but ${setting.urlVariable} (${setting.baseUrl}) is region ${urlRegion}, which answers "user not found in this region": give ${setting.region ?? "it"} one region's URL and token (nothing was changed in any region)`,
    );
    this.urlRegion = urlRegion;
    this.tokenRegion = tokenRegion;
  }
}

/**
 * Reads each region once (its queue list) before anything is written in any of them, so a token
 * of the other region stops the whole step with a `RegionMismatchError` naming both regions,
 * not half-way with one region changed. Other failures are left to the work itself. The one
 * QStash of a single-region setup (no region) is not read: its step sends what it sent before.
 */
export async function checkRegions(regions: readonly RegionalClient[], call: CallOptions): Promise<void> {
  for (const { setting, client } of regions) {
    if (setting.region === undefined) continue;
    try {
      await client.queues.list(call);
    } catch (error) {
      const urlRegion = otherRegionIn(error);
      if (urlRegion !== undefined) throw new RegionMismatchError(setting, urlRegion);
    }
  }
}

/** The region of the URL that refused a token as another region's ("not found in this region (…)"). */
function otherRegionIn(error: unknown): QStashRegion | undefined {
  if (!(error instanceof NotFoundError)) return undefined;
  return regionNamedInRefusal(error.apiMessage ?? error.message);
}
