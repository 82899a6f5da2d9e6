import { EmulatorResource } from "../resources/emulator.ts";
import { baseUrlString } from "../transport/base-url.ts";
import type { Transport } from "../transport/transport.ts";
import { buildTransport, type ClientOptions, requireSecret } from "./client-options.ts";

/** The header that carries an emulator's control token (`--control-token`). */
export const CONTROL_TOKEN_HEADER = "x-stashkit-control-token";

export interface EmulatorClientOptions extends ClientOptions {
  /** The emulator's URL, e.g. http://127.0.0.1:8787. */
  baseUrl: string;
  /** A messaging token the emulator accepts. */
  token: string;
  /** The emulator's control token, when it was started with one. */
  controlToken?: string | undefined;
}

/**
 * Client of a stashkit emulator, for what replay sends into one: its messaging API (Bearer
 * token) and its control API (loopback, or the control token).
 */
export class EmulatorClient {
  readonly emulator: EmulatorResource;
  readonly #transport: Transport;

  constructor(options: EmulatorClientOptions) {
    const token = requireSecret(options.token, "token", "set a messaging token the emulator accepts");
    const controlToken = options.controlToken?.trim() || undefined;
    const { transport } = buildTransport(options, {
      defaultBaseUrl: options.baseUrl,
      authorization: `Bearer ${token}`,
      secrets: [token, ...(controlToken === undefined ? [] : [controlToken])],
    });
    this.#transport = transport;
    this.emulator = new EmulatorResource(
      transport,
      controlToken === undefined ? {} : { [CONTROL_TOKEN_HEADER]: controlToken },
    );
  }

  get baseUrl(): string {
    return baseUrlString(this.#transport.baseUrl);
  }
}
