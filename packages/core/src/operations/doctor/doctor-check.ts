/** One line of a doctor's report: what was checked, how it came out, and what to do. */
export interface DoctorCheck {
  /** A stable name for scripts: `token`, `url`, `signing-keys`, `probe`, `forged-signature`, `environment`. */
  check: string;
  /** The settings it is about: `QSTASH_TOKEN`, `US_EAST_1`, a URL. */
  subject: string;
  status: "ok" | "warn" | "fail";
  /** Words without secrets: variable names, URLs, regions, statuses. */
  detail: string;
}

export function passed(check: string, subject: string, detail: string): DoctorCheck {
  return { check, subject, status: "ok", detail };
}

export function warned(check: string, subject: string, detail: string): DoctorCheck {
  return { check, subject, status: "warn", detail };
}

export function failed(check: string, subject: string, detail: string): DoctorCheck {
  return { check, subject, status: "fail", detail };
}
