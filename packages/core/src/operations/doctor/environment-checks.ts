import type { MessagingClient } from "../../clients/messaging-client.ts";
import type { QStashEnvironment } from "../../clients/qstash-environment.ts";
import { tokenShape } from "../../schemas/qstash-regions.ts";
import type { CallOptions } from "../../transport/call-options.ts";
import { type DoctorCheck, failed, passed, warned } from "./doctor-check.ts";
import { signingKeyChecks } from "./signing-key-checks.ts";
import { detectTokenRegion, type TokenRegion } from "./token-region.ts";
import { urlChecks } from "./url-checks.ts";

export type ClientFor = (url: string, token: string) => MessagingClient;

export interface EnvironmentReport {
  checks: DoctorCheck[];
  /** A client of this environment whose token the URL accepts, for what else the doctor asks. */
  client: MessagingClient | undefined;
}

/** The checks of one set of QStash settings: its token and region, its URL, its signing keys. */
export async function checkEnvironment(
  environment: QStashEnvironment,
  clientFor: ClientFor,
  call: CallOptions,
): Promise<EnvironmentReport> {
  const { token, url } = environment;
  const subject = environment.region ?? "QSTASH_*";
  if (token === undefined) {
    const name = environment.region === undefined ? "QSTASH_TOKEN" : `${environment.region}_QSTASH_TOKEN`;
    const detail = `${name} is not set (nor --token): nothing can be asked`;
    const check = environment.primary ? failed("token", subject, detail) : warned("token", subject, detail);
    return { checks: [check, ...signingKeyChecks(environment, undefined)], client: undefined };
  }
  const found = await detectTokenRegion((at) => clientFor(at, token.value), url.value, call);
  const client = found.atUrl.outcome === "valid" ? clientFor(url.value, token.value) : undefined;
  // A region's URL is the service; anything else may be an emulator, whose control API says so.
  const emulator =
    client !== undefined && found.urlRegion === undefined && (await client.emulator.isEmulator(call));
  const checks = [
    tokenCheck(environment, found, emulator),
    ...urlChecks(environment, found, emulator),
    ...signingKeyChecks(environment, client === undefined ? undefined : await accountKeys(client, call)),
  ];
  if (!emulator && client !== undefined && tokenShape(token.value) === "other") {
    checks.push(
      warned(
        "token",
        subject,
        `${token.from} is not shaped like a QStash token (base64 of a JSON user id and password)`,
      ),
    );
  }
  return { checks, client };
}

function tokenCheck(environment: QStashEnvironment, found: TokenRegion, emulator: boolean): DoctorCheck {
  const { token, url } = environment;
  const name = token?.from ?? "the token";
  const subject = environment.region ?? "QSTASH_*";
  const { atUrl, region, urlRegion } = found;
  if (atUrl.outcome === "valid") {
    if (emulator) return passed("token", subject, `${name} is accepted by ${url.value}, a stashkit emulator`);
    if (region === undefined) {
      return passed(
        "token",
        subject,
        `${name} is accepted by ${url.value} (no Upstash region's URL: its region is unknown)`,
      );
    }
    return passed(
      "token",
      subject,
      `${name} is accepted by ${url.value}: it belongs to ${region} (a token does not name its region; the URL that accepts it does)`,
    );
  }
  if (atUrl.outcome === "unreachable")
    return failed("token", subject, `${url.value} could not be reached: ${atUrl.error}`);
  const refused = `${url.value} refused ${name} (${atUrl.status ?? "no status"}${atUrl.regionNamed ? `: not a user of ${atUrl.regionNamed}` : ""})`;
  if (region !== undefined && region !== urlRegion) {
    return failed(
      "token",
      subject,
      `${name} belongs to ${region}: ${refused}, ${region}'s URL accepts it; point ${url.from === "the SDKs' default" ? "QSTASH_URL" : url.from} at ${region}'s URL`,
    );
  }
  return failed(
    "token",
    subject,
    `${refused}; no region's URL accepts it: a token of another account, or rotated (each region has its own tokens)`,
  );
}

async function accountKeys(client: MessagingClient, call: CallOptions) {
  try {
    return { keys: await client.signingKeys.get(call) };
  } catch (error) {
    return { refused: error instanceof Error ? error.message : String(error) };
  }
}
