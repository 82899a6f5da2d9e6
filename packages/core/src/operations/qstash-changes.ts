/** What a change does. */
export type QStashChangeAction = "create" | "update" | "delete";
/** What it does it to: an endpoint is one URL of a URL group. */
export type QStashChangeKind = "schedule" | "url_group" | "endpoint" | "queue";

/**
 * One change `apply` would make (`plan --format json` lists them as they are). `fields`: for a
 * create, the values it sets; for an update, `{from, to}` of each field that differs; for a
 * delete, what bears on it (a queue's waiting messages, `lag`). A value read from a secret is
 * shown as its template, and a header's present value as "(set)": never the secret.
 */
export interface QStashChange {
  action: QStashChangeAction;
  kind: QStashChangeKind;
  /** The schedule id, the URL group's or queue's name, or `group/endpoint`. */
  name: string;
  fields: Record<string, unknown>;
}

/** A field of an update: what the account has, and what the file asks for. */
export interface FieldChange {
  from: unknown;
  to: unknown;
}

/** What `plan` found: the changes, in the order `apply` makes them, and what needs no change. */
export interface QStashPlan {
  environment: string;
  /** The environment's prefix: what starts with it and is not declared is deleted ("": nothing is). */
  prefix: string;
  protect: boolean;
  changes: QStashChange[];
  /** Declared resources the account already has as declared. */
  unchanged: number;
}

export function countChanges(plan: Pick<QStashPlan, "changes">): Record<QStashChangeAction, number> {
  const counts = { create: 0, update: 0, delete: 0 };
  for (const change of plan.changes) counts[change.action]++;
  return counts;
}
