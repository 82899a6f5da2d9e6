import type { IncomingMessage } from "node:http";
import type { ApiProfile } from "../http/api.ts";
import { HttpError } from "../http/errors.ts";
import { InvalidSettingError } from "../options/invalid-setting.ts";
import { SnapshotError } from "../state/snapshot-error.ts";
import { UnknownAreaError } from "../state/unknown-area-error.ts";
import { CONTROL_TOKEN_HEADER, type ControlAccessPolicy, controlRefusal } from "./access.ts";
import type { EmulatorControls } from "./controls.ts";
import { controlErrors } from "./errors.ts";
import { CONTROL_PREFIX, controlRoutes } from "./routes.ts";
import { UnknownRegionError } from "./unknown-region-error.ts";

/**
 * The emulator's own control API, for tests in other processes and for people poking at it
 * with curl, mounted under a prefix no real API uses. It needs no credentials from loopback
 * clients, and the control token from anyone else (see `access.ts`). Its requests are not
 * logged, delayed or faulted: it is not an emulated API.
 */
export function controlProfile(
  controls: EmulatorControls<unknown, unknown>,
  policy: ControlAccessPolicy,
): ApiProfile<undefined> {
  return {
    name: "control",
    emulated: false,
    routes: controlRoutes(controls),
    ownsPath: (path) => path === CONTROL_PREFIX || path.startsWith(`${CONTROL_PREFIX}/`),
    unrouted: (method, path) =>
      controlErrors.notFound("control route", `${method} ${path.slice(CONTROL_PREFIX.length)}`),
    authenticate({ req }) {
      const refusal = controlRefusal(
        {
          peerAddress: req.socket.remoteAddress,
          host: req.headers.host,
          origin: req.headers.origin,
          fetchSite: header(req, "sec-fetch-site"),
          token: header(req, CONTROL_TOKEN_HEADER),
        },
        policy,
      );
      if (refusal) throw controlErrors.refused(refusal);
      return undefined;
    },
    renderError(error) {
      // A setting, an area, a region or a snapshot the caller named or gave that the emulator cannot use.
      const refused =
        error instanceof InvalidSettingError ||
        error instanceof UnknownAreaError ||
        error instanceof UnknownRegionError ||
        error instanceof SnapshotError;
      const answer = refused ? controlErrors.invalidRequest(error.message) : error;
      if (answer instanceof HttpError) return { status: answer.status, json: { error: answer.message } };
      throw error;
    },
  };
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
