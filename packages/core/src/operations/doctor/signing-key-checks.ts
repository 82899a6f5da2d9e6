import type { QStashEnvironment } from "../../clients/qstash-environment.ts";
import type { SigningKeys } from "../../schemas/workflow-runs.ts";
import { type DoctorCheck, failed, passed, warned } from "./doctor-check.ts";

/** The account's keys as read with the token, or why they could not be. */
export type AccountKeys = { keys: SigningKeys } | { refused: string };

/**
 * Both signing keys set (the SDKs' receiver needs the pair; with neither, `serve()` verifies
 * nothing), and, when the token may read them, the pair the account signs with: a delivery is
 * signed with the account's current key, which the app must have as its current or next one.
 * Keys are compared, never printed.
 */
export function signingKeyChecks(
  environment: QStashEnvironment,
  account: AccountKeys | undefined,
): DoctorCheck[] {
  const { currentSigningKey: current, nextSigningKey: next } = environment;
  const subject = environment.region ?? "QSTASH_*";
  const prefix = environment.region === undefined ? "" : `${environment.region}_`;
  if (current === undefined && next === undefined) {
    return [
      warned(
        "signing-keys",
        subject,
        `${prefix}QSTASH_CURRENT_SIGNING_KEY and ${prefix}QSTASH_NEXT_SIGNING_KEY are not set: the SDKs' receivers then verify no delivery (anyone may call the endpoint)`,
      ),
    ];
  }
  if (current === undefined || next === undefined) {
    const set = (current ?? next)?.from;
    return [failed("signing-keys", subject, `only ${set} is set: the SDKs' receivers need both keys`)];
  }
  const present = passed("signing-keys", subject, `${current.from} and ${next.from} are set`);
  if (account === undefined) return [present];
  if ("refused" in account) {
    return [
      present,
      warned("signing-keys", subject, `the account's keys could not be read to compare (${account.refused})`),
    ];
  }
  const { keys } = account;
  if (keys.current === current.value && keys.next === next.value) {
    return [
      passed(
        "signing-keys",
        subject,
        `${current.from} and ${next.from} are the account's current and next keys`,
      ),
    ];
  }
  if (keys.current === current.value || keys.current === next.value) {
    return [
      present,
      warned(
        "signing-keys",
        subject,
        "the account's current key is one of them, so deliveries verify, but they are not the account's current and next pair (rotated since?): update them",
      ),
    ];
  }
  return [
    present,
    failed(
      "signing-keys",
      subject,
      `neither ${current.from} nor ${next.from} is the key the account signs with: the app rejects every delivery`,
    ),
  ];
}
