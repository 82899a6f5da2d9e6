/** What keeps a due message from going. */
export type Hold =
  | { kind: "queue-paused"; queue: string }
  | { kind: "flow-control-paused"; key: string }
  | { kind: "flow-control-full"; key: string };

/** The words for a hold, as `PendingDelivery.heldBy` carries them. */
export function holdReason(hold: Hold): string {
  switch (hold.kind) {
    case "queue-paused":
      return `held: queue "${hold.queue}" is paused`;
    case "flow-control-paused":
      return `held: flow-control key "${hold.key}" is paused`;
    case "flow-control-full":
      return `held: flow-control key "${hold.key}" is at its parallelism`;
  }
}
