import type { Clock } from "../clock/clock.ts";
import type { ApiProfile, RequestFacts } from "../http/api.ts";
import { sameSecret } from "../http/auth.ts";
import { HttpError } from "../http/errors.ts";
import type { Reply } from "../http/reply.ts";
import type { Account, ManagementErrorStyle } from "../options/emulator-options.ts";
import type { EmulatorSettings } from "../options/setting-declarations.ts";
import type { Stores } from "../state/stores.ts";
import { managementErrors } from "./errors.ts";
import type { ManagementSettings } from "./owned-indexes.ts";
import { managementRoutes } from "./routes.ts";
import { type IndexStore, managementArea } from "./store.ts";

/** First path segments after `/v2/` that belong to the management API (its other products too). */
const MANAGEMENT_AREAS: ReadonlySet<string> = new Set([
  "search",
  "redis",
  "vector",
  "team",
  "teams",
  "auditlogs",
  "qstash",
]);

export interface ManagementProfileParts {
  store: IndexStore;
  /** Live settings: read at each request. */
  settings: ManagementSettings & { managementErrorStyle: ManagementErrorStyle; managementRateLimit: number };
  accounts: readonly Account[];
  /** The emulator's clock: an index's creation time comes from it. */
  now(): number;
}

/**
 * The management API: HTTP Basic (email : API key) auth, each account sees its own indexes,
 * errors worded in the configured style, and unknown paths of its products answered in its words.
 */
export function managementProfile(parts: ManagementProfileParts): ApiProfile<Account> {
  const { settings } = parts;
  return {
    name: "management",
    emulated: true,
    routes: managementRoutes(parts.store, settings, parts.now),
    ownsPath(path) {
      const [, version, area] = path.split("/");
      return version === "v2" && area !== undefined && MANAGEMENT_AREAS.has(area);
    },
    authenticate: (facts) => requireBasic(facts, parts.accounts),
    renderError: (error) => styledError(error, settings.managementErrorStyle),
    rateLimit: () => ({ key: "all", limit: settings.managementRateLimit }),
  };
}

/** HTTP Basic with the account email as user name and the API key as password. */
function requireBasic(facts: RequestFacts<Account>, accounts: readonly Account[]): Account {
  const encoded = /^Basic\s+(.+)$/i.exec(facts.req.headers.authorization ?? "")?.[1]?.trim();
  if (!encoded) throw managementErrors.unauthorized();
  const decoded = Buffer.from(encoded, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) throw managementErrors.unauthorized();
  const email = decoded.slice(0, colon);
  const apiKey = decoded.slice(colon + 1);
  const account = accounts.find((a) => a.email === email && sameSecret(a.apiKey, apiKey));
  if (!account) throw managementErrors.unauthorized();
  return account;
}

/** The real API has been seen to word errors each of these ways. */
function styledError(error: unknown, style: ManagementErrorStyle): Reply {
  if (!(error instanceof HttpError)) throw error;
  const base = { status: error.status, headers: error.headers };
  switch (style) {
    case "text":
      return { ...base, text: error.message };
    case "json-string":
      return { ...base, json: error.message };
    case "error-object":
      return { ...base, json: { error: error.message } };
    case "message-object":
      return { ...base, json: { message: error.message } };
  }
}

/** The management API as the list of APIs (`apis.ts`) mounts it. */
export const managementApi = {
  name: "management",
  areas: [managementArea],
  mount: (deps: {
    stores: Stores;
    settings: EmulatorSettings;
    accounts: readonly Account[];
    clock: Clock;
  }) => ({
    profile: managementProfile({
      store: deps.stores.of(managementArea),
      settings: deps.settings,
      accounts: deps.accounts,
      now: () => deps.clock.now(),
    }),
  }),
} as const;
