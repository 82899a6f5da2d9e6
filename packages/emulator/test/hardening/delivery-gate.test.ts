import { describe, expect, it } from "vitest";
import { DeliveryGate } from "../../src/messaging/engine/delivery/delivery-gate.ts";

/** Lets every promise that can settle now settle. */
const settled = () => new Promise((resolve) => setImmediate(resolve));

describe("the delivery gate", () => {
  it.each([
    "http://127.0.0.1:8787/__stashkit/reset",
    "http://localhost:8787/__stashkit",
    "http://127.0.0.1:8787//__stashkit/reset",
    "http://127.0.0.1:8787/%5F%5Fstashkit/reset",
    "http://127.0.0.1:8787/__STASHKIT/state",
    "http://127.0.0.1:8787/v2/../__stashkit/reset",
    "https://elsewhere.example/__stashkit/inspector/overview",
  ])("refuses %s, a path of the emulator's own", (url) => {
    expect(new DeliveryGate().refusal(url)).toMatch(/does not deliver to \/__stashkit/);
  });

  it("lets anything else through unless destinations are allowed by origin or host name", () => {
    expect(new DeliveryGate().refusal("http://10.1.2.3:9000/__stashkitten")).toBeUndefined();
    const gate = new DeliveryGate({ allowedDestinations: ["https://app.example:8443/", "hooks.example"] });
    expect(gate.refusal("https://app.example:8443/hook")).toBeUndefined();
    expect(gate.refusal("http://hooks.example:81/x")).toBeUndefined();
    expect(gate.refusal("https://app.example/hook")).toMatch(/not among the allowed destinations/);
    expect(gate.refusal("http://169.254.169.254/latest/meta-data")).toMatch(/not among the allowed/);
  });

  it("holds the request beyond the bound in all until one is given back, first come first served", async () => {
    const gate = new DeliveryGate({ perDestination: 5, inAll: 2 });
    const never = new AbortController().signal;
    const first = await gate.enter("http://a.example/", never);
    await gate.enter("http://b.example/", never);
    const order: string[] = [];
    const third = gate.enter("http://c.example/", never).then((leave) => {
      order.push("c");
      return leave;
    });
    const fourth = gate.enter("http://d.example/", never).then(() => order.push("d"));
    await settled();
    expect(order).toEqual([]);
    first();
    await third;
    await settled();
    expect(order).toEqual(["c"]);
    (await third)();
    await fourth;
    expect(order).toEqual(["c", "d"]);
  });

  it("gives up waiting when the delivery is aborted (the emulator stops)", async () => {
    const gate = new DeliveryGate({ perDestination: 1 });
    const never = new AbortController().signal;
    await gate.enter("http://a.example/", never);
    const stop = new AbortController();
    const waiting = gate.enter("http://a.example/x", stop.signal);
    stop.abort(new Error("stopped"));
    await expect(waiting).rejects.toThrow("stopped");
  });
});
