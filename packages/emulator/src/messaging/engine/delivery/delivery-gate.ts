/** The emulator's own routes (control API, inspector); never a delivery's destination. */
export const EMULATOR_OWN_PREFIX = "/__stashkit";

/** Requests open at once to one destination (scheme, host and port) by default. */
export const DEFAULT_PER_DESTINATION = 100;
/** Requests open at once in all by default: a hanging destination must not take every socket. */
export const DEFAULT_IN_ALL = 1000;

export interface DeliveryRules {
  /**
   * When set, the only destinations deliveries may reach: origins (`https://app.example:8443`)
   * or host names (`app.example`, any scheme and port). Unset: anything this machine can reach.
   */
  allowedDestinations?: readonly string[] | undefined;
  perDestination?: number | undefined;
  inAll?: number | undefined;
}

/** One bounded pool of slots, handed out first come, first served. */
class Slots {
  readonly #limit: number;
  #used = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(limit: number) {
    this.#limit = limit;
  }

  get idle(): boolean {
    return this.#used === 0 && this.#waiting.length === 0;
  }

  async take(abort: AbortSignal): Promise<void> {
    if (this.#used < this.#limit) {
      this.#used++;
      return;
    }
    await new Promise<void>((resolve, reject) => {
      const wake = () => {
        abort.removeEventListener("abort", quit);
        resolve();
      };
      const quit = () => {
        this.#waiting.splice(this.#waiting.indexOf(wake), 1);
        reject(abort.reason);
      };
      this.#waiting.push(wake);
      abort.addEventListener("abort", quit, { once: true });
    });
  }

  give(): void {
    const next = this.#waiting.shift();
    // The slot passes straight to the next in line, so `used` stays as it is.
    if (next) next();
    else this.#used--;
  }
}

/**
 * What a delivery may reach and how many may be open at once. Every attempt (messages, retries,
 * callbacks, workflow steps) passes here right before its request, so a destination added by any
 * route is held to the same rules.
 */
export class DeliveryGate {
  readonly #allowed: readonly string[] | undefined;
  readonly #perDestination: number;
  readonly #inAll: Slots;
  readonly #byDestination = new Map<string, Slots>();

  constructor(rules: DeliveryRules = {}) {
    this.#allowed = rules.allowedDestinations?.map((entry) => entry.toLowerCase().replace(/\/+$/, ""));
    this.#perDestination = rules.perDestination ?? DEFAULT_PER_DESTINATION;
    this.#inAll = new Slots(rules.inAll ?? DEFAULT_IN_ALL);
  }

  /** Why the emulator will not deliver there, or `undefined` when it may. */
  refusal(destination: string): string | undefined {
    let url: URL;
    try {
      url = new URL(destination);
    } catch {
      return "the destination is not a URL";
    }
    if (isOwnPath(url.pathname)) {
      return `the emulator does not deliver to ${EMULATOR_OWN_PREFIX}/* (its own control routes), on any host`;
    }
    const allowed = this.#allowed;
    if (allowed !== undefined && !allowed.includes(url.origin) && !allowed.includes(url.hostname)) {
      return `${url.origin} is not among the allowed destinations`;
    }
    return undefined;
  }

  /** Waits for a slot for this destination and one in all; the returned function gives both back. */
  async enter(destination: string, abort: AbortSignal): Promise<() => void> {
    const key = new URL(destination).origin;
    let slots = this.#byDestination.get(key);
    if (slots === undefined) {
      slots = new Slots(this.#perDestination);
      this.#byDestination.set(key, slots);
    }
    const own = slots;
    await own.take(abort);
    try {
      await this.#inAll.take(abort);
    } catch (error) {
      this.#leave(key, own);
      throw error;
    }
    return () => {
      this.#inAll.give();
      this.#leave(key, own);
    };
  }

  #leave(key: string, slots: Slots): void {
    slots.give();
    // Forget idle destinations, so the map does not grow with every URL ever used.
    if (slots.idle) this.#byDestination.delete(key);
  }
}

/** Also under percent-encoding and any letter case: what reaches the router must not be ours. */
export function isOwnPath(pathname: string): boolean {
  let decoded = pathname.replace(/^\/+/, "/");
  try {
    decoded = decodeURIComponent(decoded);
  } catch {
    // a malformed escape is compared as sent
  }
  const lower = decoded.toLowerCase();
  return lower === EMULATOR_OWN_PREFIX || lower.startsWith(`${EMULATOR_OWN_PREFIX}/`);
}
