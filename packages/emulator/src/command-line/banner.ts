import type { EmulatorOptions } from "../options/emulator-options.ts";
import type { RunningEmulator } from "../running-emulator.ts";

/** The variables a client needs, by group: the banner prints them, `--write-env-file` and `--print-env` write them. */
export interface BannerVariables {
  url: string;
  messaging: [string, string][];
  readOnly: [string, string][];
  devMode: [string, string][];
  management: [string, string][];
  signing: [string, string][];
  /** With `--regions`: `QSTASH_REGION`, then each region's four variables under the SDK's names. */
  regions: { region: [string, string]; each: { name: string; variables: [string, string][] }[] } | undefined;
  search: { name: string; variables: [string, string][] } | undefined;
}

/**
 * The emulator's own throwaway credentials and where to reach it: at `publicUrl` when given (a
 * container's published port), else at its own URL (loopback when bound to every interface).
 */
export function bannerVariables(
  emulator: RunningEmulator,
  options: EmulatorOptions,
  publicUrl: string | undefined,
): BannerVariables {
  const url = publicUrl ?? emulator.url;
  // The search data plane's URL is the emulator's own, under /search/: moved to the public one too.
  const reach = (value: string) =>
    value.startsWith(emulator.url) ? `${url}${value.slice(emulator.url.length)}` : value;
  const [first] = options.searchIndexes ?? [];
  return {
    url,
    messaging: [
      ["QSTASH_URL", url],
      ["QSTASH_TOKEN", emulator.messagingToken],
    ],
    // Reads only (a write answers 403): the service's read-only token, for a read command or a teammate.
    readOnly: [["QSTASH_READ_ONLY_TOKEN", emulator.messagingReadOnlyToken]],
    // With --qstash-dev: what an app sets for the SDK's dev mode to find this emulator.
    devMode:
      options.qstashDev === true
        ? [
            ["QSTASH_DEV", "true"],
            ["QSTASH_DEV_PORT", String(emulator.port)],
          ]
        : [],
    // STASHKIT_BASE_URL: the management base URL the CLI and core's fromEnv() read; without it
    // the credentials would go to the hosted API.
    management: [
      ["STASHKIT_BASE_URL", url],
      ["UPSTASH_EMAIL", emulator.account.email],
      ["UPSTASH_API_KEY", emulator.account.apiKey],
    ],
    signing: [
      ["QSTASH_CURRENT_SIGNING_KEY", emulator.signingKeys.current],
      ["QSTASH_NEXT_SIGNING_KEY", emulator.signingKeys.next],
    ],
    regions: regionVariables(emulator, reach),
    // The first --search-index's: what Search.fromEnv() of @upstash/search reads.
    search:
      first === undefined
        ? undefined
        : {
            name: first,
            variables: Object.entries(emulator.searchEnv(first)).map(([name, value]) => [name, reach(value)]),
          },
  };
}

/**
 * With `--regions`: `QSTASH_REGION` (the default region, the one the root URL and `QSTASH_URL`
 * are for) and each region's `<REGION>_QSTASH_URL`, `_TOKEN`, `_CURRENT_SIGNING_KEY` and
 * `_NEXT_SIGNING_KEY`, what the official SDK's multi-region mode reads.
 */
function regionVariables(
  emulator: RunningEmulator,
  reach: (value: string) => string,
): BannerVariables["regions"] {
  const env = emulator.qstashEnv();
  const region = env["QSTASH_REGION"];
  if (region === undefined) return undefined;
  const suffixes = ["QSTASH_URL", "QSTASH_TOKEN", "QSTASH_CURRENT_SIGNING_KEY", "QSTASH_NEXT_SIGNING_KEY"];
  const each = emulator.regions().flatMap(({ name }) =>
    name === undefined
      ? []
      : [
          {
            name,
            variables: suffixes.map((suffix): [string, string] => {
              const variable = `${name}_${suffix}`;
              return [variable, reach(env[variable] ?? "")];
            }),
          },
        ],
  );
  return { region: ["QSTASH_REGION", region], each };
}

/** Every variable, in the banner's order. */
export function allVariables(variables: BannerVariables): [string, string][] {
  const { messaging, readOnly, devMode, management, signing, regions, search } = variables;
  const regional =
    regions === undefined ? [] : [regions.region, ...regions.each.flatMap((each) => each.variables)];
  return [
    ...[...messaging, ...readOnly, ...devMode, ...management, ...signing],
    ...[...regional, ...(search?.variables ?? [])],
  ];
}

const pairs = (list: [string, string][]) => list.map(([name, value]) => `${name}=${value}`).join(" ");

/** The banner: where it listens, each API with its variables, the inspector and the control API. */
export function bannerLines(
  emulator: RunningEmulator,
  options: EmulatorOptions,
  variables: BannerVariables,
  exposed?: string,
): string[] {
  const { url } = variables;
  const host = options.host;
  const everyInterface = host === "0.0.0.0" || host === "::";
  const where =
    url !== emulator.url
      ? ` (bound to ${host ?? "127.0.0.1"}:${emulator.port} here; reached at ${url}, --public-url)`
      : everyInterface
        ? ` (bound to ${host}, every interface: from another machine or container use this one's address, port ${emulator.port})`
        : "";
  const controlAccess =
    options.controlToken !== undefined
      ? "needs the control token in the x-stashkit-control-token header"
      : "loopback clients only";
  // Through a published port or from another machine, a request does not come from loopback.
  const remote =
    options.controlToken === undefined && (everyInterface || url !== emulator.url)
      ? "; from elsewhere (another machine, a container's published port) it answers 403 until the emulator has a control token: --control-token T (STASHKIT_CONTROL_TOKEN in a container), which the page then asks for"
      : "";
  return [
    `stashkit emulator listening on ${emulator.url}${where}`,
    ...(exposed === undefined ? [] : [`  warning         ${exposed} (see stderr)`]),
    `  messaging API   ${url}   ${pairs(variables.messaging)}`,
    `  read-only token ${pairs(variables.readOnly)} (reads; a write answers 403)`,
    ...(variables.devMode.length === 0
      ? []
      : [`  QStash dev mode ${pairs(variables.devMode)} (the SDK's dev mode uses this emulator)`]),
    `  management API  ${url}   ${pairs(variables.management)}`,
    `  signing keys    ${pairs(variables.signing)}`,
    ...(variables.regions === undefined
      ? []
      : [
          `  regions         ${pairs([variables.regions.region])}   (the SDK's multi-region mode: each region's variables below)`,
          ...variables.regions.each.map(({ name, variables }) => `  ${name.padEnd(16)}${pairs(variables)}`),
        ]),
    ...(variables.search === undefined
      ? []
      : [`  search index    ${variables.search.name}   ${pairs(variables.search.variables)}`]),
    `  inspector       ${url}/ (open it in a browser; read-only until you allow changes${remote})`,
    `  control API     ${url}/__stashkit (requests, faults, settings, state, clock, reset, export); ${controlAccess}`,
  ];
}

/** Characters that mean nothing to a POSIX shell or a dotenv parser: such a value is written bare. */
const PLAIN = /^[A-Za-z0-9_.,:/@%+=-]*$/;

/**
 * The variables as dotenv, `NAME=value` a line, each read literally by dotenv parsers (Node's
 * `--env-file`, the dotenv package) and by a POSIX shell's `.`: bare, or in single quotes. A value
 * that holds a single quote or a control character (a token of your own) cannot be both, and is
 * refused by name.
 */
export function dotenvText(variables: [string, string][]): string {
  return variables
    .map(([name, value]) => {
      if (PLAIN.test(value)) return `${name}=${value}\n`;
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for
      if (/['\u0000-\u001f\u007f]/.test(value)) {
        throw new Error(
          `${name} holds a single quote or a control character, which a dotenv file cannot carry for every reader`,
        );
      }
      return `${name}='${value}'\n`;
    })
    .join("");
}
