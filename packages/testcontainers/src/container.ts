import { randomBytes } from "node:crypto";
import { createRequire } from "node:module";
import { AbstractStartedContainer, GenericContainer, type StartedTestContainer, Wait } from "testcontainers";
import { ControlClient, type SnapshotSource, snapshotBody } from "./control.ts";
import type { Credentials, ManagementEnv, QStashDevEnv, QStashEnv, SearchEnv } from "./environment.ts";

/** QStash's regions, as the official SDK names them. */
export const QSTASH_REGIONS: readonly string[] = ["EU_CENTRAL_1", "US_EAST_1"];
export type QStashRegion = "EU_CENTRAL_1" | "US_EAST_1";

/** One region as the control API's `GET /__stashkit/regions` lists it. */
interface RegionAnswer {
  name?: string | null;
  path: string;
  isDefault: boolean;
  token: string;
  signingKeys: { current: string; next: string };
}

/** The port the emulator listens on inside its container. */
export const EMULATOR_PORT = 8787;

/** This package's version, which is the emulator's: the packages are released together. */
const VERSION = (createRequire(import.meta.url)("../package.json") as { version: string }).version;

/** The image a release pushes, of the same version as this module. */
export const DEFAULT_IMAGE = `ghcr.io/stashkit/stashkit-emulator:${VERSION}`;

/**
 * QStash's dev server's signing keys: public constants of `@upstash/qstash` (the emulator's
 * `--qstash-dev` signs with them), kept here so a container in dev mode reports what it signs with.
 */
const QSTASH_DEV_KEYS = {
  current: "sig_7kYjw48mhY7kAjqNGcy6cr29RJ6r",
  next: "sig_5ZB6DVzB1wjE8S6rZ7eenA8Pdnhs",
} as const;

/** A throwaway secret: each container gets its own credentials. */
function secret(prefix: string): string {
  return `${prefix}${randomBytes(18).toString("base64url")}`;
}

/**
 * The stashkit emulator (QStash with Upstash Workflow, the Upstash management API, Upstash
 * Search) in a container, for tests: `await new StashkitEmulatorContainer().withSearchIndex("shop").start()`.
 * Its state is in memory (a new container starts empty); its credentials are new for each
 * container; `host.docker.internal` in a destination URL reaches this machine.
 */
export class StashkitEmulatorContainer extends GenericContainer {
  readonly #searchIndexes: string[] = [];
  #regions: readonly QStashRegion[] = [];
  #qstashDev = false;
  readonly #credentials: Credentials = {
    messagingToken: secret("qstash_"),
    readOnlyToken: secret("qstash_ro_"),
    email: "dev@stashkit.local",
    apiKey: secret("key_"),
    signingKeys: { current: secret("sig_"), next: secret("sig_") },
    controlToken: secret(""),
  };

  constructor(image: string = DEFAULT_IMAGE) {
    super(image);
    this.withExposedPorts(EMULATOR_PORT)
      .withExtraHosts([{ host: "host.docker.internal", ipAddress: "host-gateway" }])
      // The banner's last line: printed once everything asked for at start (indexes) exists.
      .withWaitStrategy(Wait.forLogMessage(/control API/))
      .withStartupTimeout(120_000);
  }

  /** Makes sure a search index of this name exists when the container has started (repeatable). */
  withSearchIndex(name: string): this {
    if (name === "" || name.includes(",")) {
      throw new TypeError(`withSearchIndex: "${name}" is not an index name (empty, or with a comma)`);
    }
    this.#searchIndexes.push(name);
    return this;
  }

  /**
   * Runs QStash's regions side by side (`--regions`): each its own token, signing keys and
   * state, the first the default; `regionsEnv()` then gives the SDK's multi-region variables.
   */
  withRegions(...regions: QStashRegion[]): this {
    const unknown = regions.find((region) => !QSTASH_REGIONS.includes(region));
    if (unknown !== undefined || regions.length === 0 || new Set(regions).size !== regions.length) {
      throw new TypeError(
        `withRegions: give each of ${QSTASH_REGIONS.join(", ")} at most once (got ${regions.join(", ") || "none"})`,
      );
    }
    this.#regions = regions;
    return this;
  }

  /** The keys deliveries are signed with, for an app whose receiver is configured already. */
  withSigningKeys(keys: { current: string; next: string }): this {
    this.#credentials.signingKeys = { ...keys };
    return this;
  }

  /**
   * Stands in for QStash's local dev server: its public token and signing keys, so an app with
   * `QSTASH_DEV=true` and `QSTASH_DEV_PORT` from `qstashDevEnv()` uses this container (the SDK's
   * dev mode reaches `127.0.0.1` only: the container's port is mapped there).
   */
  withQStashDev(): this {
    this.#qstashDev = true;
    this.#credentials.signingKeys = { ...QSTASH_DEV_KEYS };
    return this;
  }

  override async start(): Promise<StartedStashkitEmulatorContainer> {
    const { messagingToken, readOnlyToken, email, apiKey, signingKeys, controlToken } = this.#credentials;
    this.withEnvironment({
      STASHKIT_TOKEN: messagingToken,
      STASHKIT_READ_ONLY_TOKEN: readOnlyToken,
      STASHKIT_ACCOUNT: `${email}:${apiKey}`,
      STASHKIT_CONTROL_TOKEN: controlToken,
      // In dev mode the dev server's keys are the ones signed with, and no others are given.
      ...(this.#qstashDev
        ? { STASHKIT_QSTASH_DEV: "true" }
        : { QSTASH_CURRENT_SIGNING_KEY: signingKeys.current, QSTASH_NEXT_SIGNING_KEY: signingKeys.next }),
      // In memory: a test's container is thrown away, and needs no sync to disk on each write.
      STASHKIT_DATA_FILE: "",
      ...(this.#searchIndexes.length > 0 ? { STASHKIT_SEARCH_INDEX: this.#searchIndexes.join(",") } : {}),
      ...(this.#regions.length > 0 ? { STASHKIT_REGIONS: this.#regions.join(",") } : {}),
    });
    return new StartedStashkitEmulatorContainer(await super.start(), this.#credentials);
  }
}

/** A started emulator container: its variables for the SDKs, and the levers tests pull between them. */
export class StartedStashkitEmulatorContainer extends AbstractStartedContainer {
  readonly #credentials: Credentials;
  readonly #control: ControlClient;

  constructor(started: StartedTestContainer, credentials: Credentials) {
    super(started);
    this.#credentials = credentials;
    this.#control = new ControlClient(this.url, credentials.controlToken);
  }

  /** Where this machine reaches every API of the emulator, e.g. `http://localhost:32768`. */
  get url(): string {
    return `http://${this.getHost()}:${this.getMappedPort(EMULATOR_PORT)}`;
  }

  /** The control token the container was started with (the inspector asks for it). */
  get controlToken(): string {
    return this.#credentials.controlToken;
  }

  /** `QSTASH_URL`, `QSTASH_TOKEN` and the signing keys: `new Client()` and `new Receiver()` read them. */
  qstashEnv(): QStashEnv {
    const { messagingToken, signingKeys } = this.#credentials;
    return {
      QSTASH_URL: this.url,
      QSTASH_TOKEN: messagingToken,
      QSTASH_CURRENT_SIGNING_KEY: signingKeys.current,
      QSTASH_NEXT_SIGNING_KEY: signingKeys.next,
    };
  }

  /**
   * The official SDK's multi-region variables of a container started `withRegions`:
   * `QSTASH_REGION` (the default region) and each region's `<REGION>_QSTASH_URL`, `_TOKEN`,
   * `_CURRENT_SIGNING_KEY` and `_NEXT_SIGNING_KEY`, as the emulator's banner prints them (the
   * other regions' keys are made in the container, so they are asked for).
   */
  async regionsEnv(): Promise<Record<string, string>> {
    const regions = (await this.#control.call("GET", "/regions")) as RegionAnswer[];
    const named = regions.filter((region) => region.name !== undefined && region.name !== null);
    if (named.length === 0)
      throw new Error("regionsEnv(): the container runs one region; start it withRegions(...)");
    const env: Record<string, string> = {
      QSTASH_REGION: String(named.find((region) => region.isDefault)?.name),
    };
    for (const { name, path, token, signingKeys } of named) {
      env[`${name}_QSTASH_URL`] = `${this.url}${path}`;
      env[`${name}_QSTASH_TOKEN`] = token;
      env[`${name}_QSTASH_CURRENT_SIGNING_KEY`] = signingKeys.current;
      env[`${name}_QSTASH_NEXT_SIGNING_KEY`] = signingKeys.next;
    }
    return env;
  }

  /**
   * `QSTASH_URL` and the read-only token as `QSTASH_TOKEN`: what a tool that only reads (logs,
   * DLQ, queues) gets; its writes answer 403, as the service's read-only token's do.
   */
  qstashReadOnlyEnv(): Pick<QStashEnv, "QSTASH_URL" | "QSTASH_TOKEN"> {
    return { QSTASH_URL: this.url, QSTASH_TOKEN: this.#credentials.readOnlyToken };
  }

  /**
   * `QSTASH_DEV=true` and `QSTASH_DEV_PORT`, this container's port on this machine: all an app in
   * the SDK's dev mode needs (start the container `withQStashDev()`).
   */
  qstashDevEnv(): QStashDevEnv {
    return { QSTASH_DEV: "true", QSTASH_DEV_PORT: String(this.getMappedPort(EMULATOR_PORT)) };
  }

  /** The management API's base URL and account, as `@stashkit/core` and the `stashkit` CLI read them. */
  managementEnv(): ManagementEnv {
    const { email, apiKey } = this.#credentials;
    return { STASHKIT_BASE_URL: this.url, UPSTASH_EMAIL: email, UPSTASH_API_KEY: apiKey };
  }

  /**
   * `UPSTASH_SEARCH_REST_URL` and `UPSTASH_SEARCH_REST_TOKEN` of the index named, as the management
   * API gives them now (so also for an index a test made or a restore brought back).
   */
  async searchEnv(name: string): Promise<SearchEnv> {
    const { email, apiKey } = this.#credentials;
    const response = await fetch(`${this.url}/v2/search`, {
      headers: { authorization: `Basic ${Buffer.from(`${email}:${apiKey}`).toString("base64")}` },
      // The account's credentials, like the control token, go to the container's address only.
      redirect: "manual",
    });
    if (!response.ok) throw new Error(`GET /v2/search answered ${response.status}`);
    const indexes = (await response.json()) as { name: string; endpoint: string; token: string }[];
    const index = indexes.find((candidate) => candidate.name === name);
    if (index === undefined) {
      const names = indexes.map((candidate) => `"${candidate.name}"`).join(", ") || "none";
      throw new Error(
        `no search index "${name}" in the emulator (there are ${names}); withSearchIndex makes one`,
      );
    }
    return { UPSTASH_SEARCH_REST_URL: index.endpoint, UPSTASH_SEARCH_REST_TOKEN: index.token };
  }

  /** The whole state as a versioned snapshot, for `restore` later (or `--import` elsewhere). */
  async exportSnapshot(): Promise<Record<string, unknown>> {
    return (await this.#control.call("GET", "/export")) as Record<string, unknown>;
  }

  /**
   * Replaces the whole state (or one area's: `messaging`, `management`, `search-data`…) with a
   * snapshot's, in one step. A snapshot of another format or a newer version, or an unknown
   * area, is refused (an `EmulatorControlError` naming it) and changes nothing.
   */
  async restore(snapshot: SnapshotSource, options: { area?: string } = {}): Promise<string[]> {
    const query = options.area === undefined ? "" : `?area=${encodeURIComponent(options.area)}`;
    const answer = await this.#control.call("POST", `/import${query}`, await snapshotBody(snapshot));
    return (answer as { restored: string[] }).restored;
  }

  /**
   * Empties the state (all but the signing keys), scripted faults, the request log and the
   * delivery record; `{ area }` empties one area; `{ region }` one QStash region of a
   * container started `withRegions`; `{ to: snapshot }` resets to its state.
   */
  async reset(
    options: { area?: string; region?: QStashRegion; to?: SnapshotSource } = {},
  ): Promise<string[]> {
    const to = options.to === undefined ? undefined : JSON.parse(await snapshotBody(options.to));
    const body = {
      ...(options.area === undefined ? {} : { area: options.area }),
      ...(options.region === undefined ? {} : { region: options.region }),
      ...(to ? { to } : {}),
    };
    return ((await this.#control.call("POST", "/reset", body)) as { reset: string[] }).reset;
  }

  /** Moves the emulator's clock forward (delays, retries, sleeps, cron); answers the ticks fired. */
  async advanceClock(ms: number): Promise<number> {
    return ((await this.#control.call("POST", "/clock/advance", { ms })) as { fired: number }).fired;
  }
}
