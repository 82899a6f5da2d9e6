// QStash's regions, as the official SDK names them (`QSTASH_REGION`, `<REGION>_QSTASH_URL`…).
// Each is a separate service: its own token, signing keys and state.

export const REGION_NAMES = ["EU_CENTRAL_1", "US_EAST_1"] as const;
export type RegionName = (typeof REGION_NAMES)[number];

/**
 * The region whose state a single-region emulator holds, at the top level of a snapshot and in
 * the data file's first tables: the service's default region (`https://qstash.upstash.io` is
 * EU_CENTRAL_1's), so a data file made before regions existed opens as that region's.
 */
export const TOP_LEVEL_REGION: RegionName = "EU_CENTRAL_1";

/** `us-east-1`: how the service spells a region in its answers, and the emulator's path for it. */
export function regionSlug(region: RegionName): string {
  return region.toLowerCase().replaceAll("_", "-");
}

/** `US-EAST-1`: the `Upstash-Region` header's value, as the SDK's documentation shows it. */
export function regionHeaderValue(region: RegionName): string {
  return region.replaceAll("_", "-");
}

/** `us_east_1_`: what a region's tables are named with, apart from the top-level region's. */
export function regionTablePrefix(region: RegionName): string {
  return `${region.toLowerCase()}_`;
}
