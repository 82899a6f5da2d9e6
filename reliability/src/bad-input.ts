import type { ActionName } from "./environment.ts";

/** An input an action must refuse before any request: one line naming the input and what it accepts. */
export interface BadInput {
  action: ActionName;
  name: string;
  inputs: Record<string, string>;
  env?: Record<string, string | undefined>;
  /** The line must name the input and what it accepts. */
  says: RegExp;
}

/** Inputs good enough to reach the one that is wrong. */
export const resume = { "queue-name": "orders" };
export const pause = { "queue-name": "orders", "resume-after-job": "always" };
