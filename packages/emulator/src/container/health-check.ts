import { request } from "node:http";

/**
 * The container image's HEALTHCHECK: asks the control API's health route on the port the
 * container listens on, with the control token when one is set (then every control request needs
 * it). node:http rather than fetch: Docker runs this every few seconds, and it should start fast.
 * Exits 0 when the emulator answers 200, 1 otherwise.
 */
const port = process.env["STASHKIT_PORT"] || "8787";
const token = process.env["STASHKIT_CONTROL_TOKEN"] || process.env["STASHKIT_EMULATOR_CONTROL_TOKEN"];
const check = request(
  {
    host: "127.0.0.1",
    port,
    path: "/__stashkit/health",
    headers: token ? { "x-stashkit-control-token": token } : {},
    timeout: 2_500,
  },
  (response) => {
    response.resume();
    process.exit(response.statusCode === 200 ? 0 : 1);
  },
);
check.on("timeout", () => check.destroy(new Error("timed out")));
check.on("error", () => process.exit(1));
check.end();
