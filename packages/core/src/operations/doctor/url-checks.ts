import type { QStashEnvironment } from "../../clients/qstash-environment.ts";
import { QSTASH_REGION_NAMES, QSTASH_REGIONS } from "../../schemas/qstash-regions.ts";
import { type DoctorCheck, failed, passed, warned } from "./doctor-check.ts";
import type { TokenRegion } from "./token-region.ts";

/** The URL against the region its variables are for (multi-region mode) and the regions' URLs. */
export function urlChecks(
  environment: QStashEnvironment,
  found: TokenRegion,
  emulator: boolean,
): DoctorCheck[] {
  const { url } = environment;
  const subject = environment.region ?? "QSTASH_*";
  const { urlRegion, region } = found;
  if (emulator) return [];
  if (urlRegion === undefined) {
    const known = QSTASH_REGION_NAMES.map((name) => `${name}: ${QSTASH_REGIONS[name].urls.join(", ")}`).join(
      "; ",
    );
    return [warned("url", subject, `${url.from} (${url.value}) is no Upstash region's URL (${known})`)];
  }
  const wanted = environment.region;
  if (wanted !== undefined && urlRegion !== wanted) {
    return [failed("url", subject, `${url.from} is ${urlRegion}'s URL (${url.value}), not ${wanted}'s`)];
  }
  if (wanted !== undefined && region !== undefined && region !== wanted) {
    return [
      failed("url", subject, `${environment.token?.from ?? "the token"} belongs to ${region}, not ${wanted}`),
    ];
  }
  return [passed("url", subject, `${url.from} is ${urlRegion}'s URL (${url.value})`)];
}
