// QStash's regions, as the official SDKs name them (`QSTASH_REGION`, `<REGION>_QSTASH_URL`…) and
// as Upstash's multi-region page documents them: each region is a separate service with its own
// tokens, signing keys, messages and runs.

export const QSTASH_REGIONS = {
  EU_CENTRAL_1: {
    /** The SDKs' default URL first, then the region's own host name. */
    urls: ["https://qstash.upstash.io", "https://qstash-eu-central-1.upstash.io"],
    /** How the service spells it in its answers ("not found in this region (eu-central-1)"). */
    spelled: "eu-central-1",
  },
  US_EAST_1: {
    urls: ["https://qstash-us-east-1.upstash.io"],
    spelled: "us-east-1",
  },
} as const;

export type QStashRegion = keyof typeof QSTASH_REGIONS;
export const QSTASH_REGION_NAMES = Object.keys(QSTASH_REGIONS) as QStashRegion[];

/** `US_EAST_1`, `us-east-1` or `US-EAST-1` (the `Upstash-Region` header's form) as a region; else undefined. */
export function normalizeRegion(text: string | undefined): QStashRegion | undefined {
  if (text === undefined) return undefined;
  const name = text.trim().replaceAll("-", "_").toUpperCase();
  return (QSTASH_REGION_NAMES as string[]).includes(name) ? (name as QStashRegion) : undefined;
}

/** The region a base URL belongs to (its origin, whatever the path); undefined for any other URL (an emulator, a proxy). */
export function regionOfUrl(url: string): QStashRegion | undefined {
  let origin: string;
  try {
    origin = new URL(url).origin;
  } catch {
    return undefined;
  }
  for (const region of QSTASH_REGION_NAMES) {
    if ((QSTASH_REGIONS[region].urls as readonly string[]).includes(origin)) return region;
  }
  return undefined;
}

/** The region's URL the SDKs default to. */
export function regionUrl(region: QStashRegion): string {
  return QSTASH_REGIONS[region].urls[0];
}

/**
 * The region a refusal names: the service answers a token of the other region with
 * "user (…) not found in this region (eu-central-1)". Only the region is read, never the rest.
 */
export function regionNamedInRefusal(message: string | undefined): QStashRegion | undefined {
  const match = /not found in this region \(([a-z0-9-]+)\)/i.exec(message ?? "");
  return normalizeRegion(match?.[1]);
}

/**
 * What a QStash token says of itself. A token is base64 of a JSON object with `UserID` and
 * `Password` (the public SDKs read `UserID` from it); no public material shows a region in it, so
 * its region is found by asking each region's URL (`detectTokenRegion`).
 */
export function tokenShape(token: string): "qstash" | "other" {
  try {
    const decoded: unknown = JSON.parse(Buffer.from(token, "base64").toString("utf8"));
    return decoded !== null && typeof decoded === "object" && "UserID" in decoded ? "qstash" : "other";
  } catch {
    return "other";
  }
}
