/**
 * The most of an answer the client reads. The largest real answer is a list of search indexes:
 * about 0.75 KB each, so 20,000 indexes (an account the benchmark's S5 models) are ~15 MB. Four
 * times that leaves room, and still keeps a huge or endless answer from taking the memory.
 */
export const MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

/** "64 MB", "512 KB" or "100 bytes", for messages. */
export function formatBytes(bytes: number): string {
  if (bytes % (1024 * 1024) === 0) return `${bytes / 1024 / 1024} MB`;
  if (bytes % 1024 === 0) return `${bytes / 1024} KB`;
  return `${bytes} bytes`;
}

export interface ReadBody {
  text: string;
  /** The answer was longer than the limit: `text` is its start (or empty when its declared length said so). */
  tooLarge: boolean;
}

/**
 * Reads an answer's body, at most `limit` bytes of it, so a huge or endless answer cannot take
 * the process's memory. An answer that declares a length within the limit is read whole, the
 * fast way; one without a length (chunked) is read piece by piece and cut off past the limit.
 */
export async function readBody(answer: Response, limit = MAX_RESPONSE_BYTES): Promise<ReadBody> {
  const declared = answer.headers.get("content-length");
  if (declared !== null && /^\d+$/.test(declared)) {
    if (Number(declared) <= limit) return { text: await answer.text(), tooLarge: false };
    await answer.body?.cancel();
    return { text: "", tooLarge: true };
  }
  if (answer.body === null) return { text: "", tooLarge: false };
  const reader = answer.body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { text: text + decoder.decode(), tooLarge: false };
    bytes += value.byteLength;
    if (bytes > limit) {
      await reader.cancel();
      return { text: text + decoder.decode(), tooLarge: true };
    }
    text += decoder.decode(value, { stream: true });
  }
}
