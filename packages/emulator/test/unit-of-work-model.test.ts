// Random sequences of requests, some failing inside their handlers (at a random store call, or
// after the handler's last one), against a model that knows only the requests that succeeded:
// whatever a failed request changed before it failed must be gone, on both stores, and on the
// durable one after a restart too (issue 43).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { APIS, type ApiModule, type EmulatorDeps } from "../src/apis.ts";
import type { Route } from "../src/http/api.ts";
import { type RunningEmulator, startEmulator } from "../src/index.ts";
import { startWith } from "../src/server.ts";
import { TEST_STORE } from "./helpers.ts";
import { type Command, commandArbitrary, type Model, modelOf, send } from "./unit-of-work-model.ts";

const folders: string[] = [];
const running: RunningEmulator[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.stop()));
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** Thrown inside a handler: the request answers 500 and must leave no trace. */
class InjectedFailure extends Error {}

/** The failure planned for the request being handled: fail at this store call, else at its end. */
let armed: { callsLeft: number } | undefined;
let planned: number | undefined;

function storeCall(): void {
  if (armed === undefined || --armed.callsLeft > 0) return;
  armed = undefined;
  throw new InjectedFailure("injected inside the handler");
}

/**
 * The stores (`deps.stores`, and each area's stores it hands out), every method call of which may
 * be where the handler fails. Records read are plain (often frozen) data and are left as they are.
 */
function failing<T extends object>(target: T, seen = new WeakMap<object, unknown>()): T {
  const known = seen.get(target);
  if (known !== undefined) return known as T;
  const proxy = new Proxy(target, {
    get(object, property) {
      const value = Reflect.get(object, property, object) as unknown;
      if (typeof value === "function") {
        return (...args: unknown[]) => {
          storeCall();
          const result = (value as (...a: unknown[]) => unknown).apply(object, args);
          return property === "of" ? failing(result as object, seen) : result;
        };
      }
      const storeLike = value !== null && typeof value === "object" && !Object.isFrozen(value);
      return storeLike ? failing(value, seen) : value;
    },
  });
  seen.set(target, proxy);
  return proxy;
}

function failingRoute(route: Route<unknown>): Route<unknown> {
  return {
    ...route,
    handle(context) {
      armed = planned === undefined ? undefined : { callsLeft: planned };
      planned = undefined;
      try {
        const reply = route.handle(context);
        // A handler that awaits has done its changes by now (no delays are set): it succeeds
        // unless it already failed.
        if (armed !== undefined && !(reply instanceof Promise)) storeCall();
        return reply;
      } finally {
        armed = undefined;
      }
    },
  };
}

/** The emulated APIs, each handler able to fail inside (the control API is left alone). */
const FAILING_APIS = APIS.map((api) => ({
  name: api.name,
  areas: api.areas,
  mount(deps: EmulatorDeps) {
    const stores = failing(deps.stores);
    const mounted = (api as ApiModule).mount({ ...deps, stores });
    const routes = mounted.profile.routes.map(failingRoute);
    return { ...mounted, profile: { ...mounted.profile, routes } };
  },
}));

function dataFile(): string | undefined {
  if (TEST_STORE === "memory") return undefined;
  const folder = mkdtempSync(join(tmpdir(), "stashkit-model-"));
  folders.push(folder);
  return join(folder, "state.db");
}

async function started(start: () => Promise<RunningEmulator>): Promise<RunningEmulator> {
  const server = await start();
  running.push(server);
  return server;
}

/** Runs the commands, each failing where planned; answers the model of what succeeded. */
async function runAll(server: RunningEmulator, commands: readonly Command[]): Promise<Model> {
  const model = modelOf();
  for (const command of commands) {
    planned = command.failAt;
    const answer = await send(server, model, command);
    planned = undefined;
    if (command.failAt !== undefined && answer.status === 500) continue;
    model.apply(command, answer);
  }
  return model;
}

describe(`requests failing inside their handlers (${TEST_STORE} store)`, () => {
  it("leave the state as a model of the requests that succeeded", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(commandArbitrary, { minLength: 4, maxLength: 24 }), async (commands) => {
        const file = dataFile();
        const options = file === undefined ? {} : { dataFile: file };
        const server = await started(() => startWith(FAILING_APIS, options));
        const model = await runAll(server, commands);
        expect(model.view(server.state)).toEqual(model.expected());
        if (file === undefined) return;
        await server.stop();
        const again = await started(() => startEmulator({ dataFile: file }));
        expect(model.view(again.state)).toEqual(model.expected());
        await again.stop();
      }),
      { numRuns: 12 },
    );
  }, 600_000);
});
