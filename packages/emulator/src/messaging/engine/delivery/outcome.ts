/** How one delivery attempt ended. */
export interface Outcome {
  ok: boolean;
  /** The destination answered 489 with `Upstash-NonRetryable-Error: true`: no more retries. */
  final: boolean;
  status?: number;
  headers?: Record<string, string[]>;
  body?: Buffer;
  /** Why there was no answer (a network error's code, a timeout). */
  error?: string;
}
