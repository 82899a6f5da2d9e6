/**
 * What a name or id may hold, whether it comes from an input or from an API answer: no control
 * characters (a CR or LF could start a runner command when printed; C1, line separators and
 * bidirectional overrides could disguise a log line), no path separators, and not a dot
 * segment (`.` or `..` would change the path it is put in). Lengths are checked first, so no
 * pattern ever runs over a long value.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
const UNSAFE_CHARACTER = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069/\\]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

/** Ids from the API (UUIDs in practice) that stashkit puts in a path: at most this long. */
export const MAX_ID_LENGTH = 256;
/** Names from the API are read up to this length; stashkit itself sends at most MAX_INDEX_NAME_LENGTH. */
export const MAX_SERVER_NAME_LENGTH = 1024;

export function hasUnsafeCharacter(value: string): boolean {
  return UNSAFE_CHARACTER.test(value);
}

export function isDotSegment(value: string): boolean {
  return value === "." || value === "..";
}

export function isSafeId(value: string): boolean {
  return (
    value !== "" &&
    value.length <= MAX_ID_LENGTH &&
    value.trim() === value &&
    !isDotSegment(value) &&
    !hasUnsafeCharacter(value)
  );
}

export function isSafeServerName(value: string): boolean {
  return value.length <= MAX_SERVER_NAME_LENGTH && !isDotSegment(value) && !hasUnsafeCharacter(value);
}

/**
 * The characters an id, a token or an endpoint from an answer may hold. They end up in dotenv
 * files, environment files and shell commands (a CircleCI `$BASH_ENV`), so each set holds only
 * characters no shell or dotenv parser gives a meaning to: no `$`, backtick, quote, space, `;`,
 * `&`, `|`, `#` or backslash. UUIDs, base64 tokens, host names and URLs fit.
 */
const SAFE_ID = /^[A-Za-z0-9_][A-Za-z0-9_.:-]*$/;
const SAFE_TOKEN = /^[A-Za-z0-9+/=_.:-]+$/;
const SAFE_ENDPOINT = /^[A-Za-z0-9_.~:/[\]-]+$/;

/** An id from an answer that stashkit may put in a path, a file or a shell: what `serverIdSchema` accepts. */
export function isServerId(value: string): boolean {
  return isSafeId(value) && SAFE_ID.test(value);
}

/** Longer than any token the API hands out; checked before the pattern runs. */
export const MAX_TOKEN_LENGTH = 4096;

/** What `serverTokenSchema` accepts of a non-empty string. */
export function isServerToken(value: string): boolean {
  return value.length <= MAX_TOKEN_LENGTH && SAFE_TOKEN.test(value);
}

/** What `serverEndpointSchema` accepts of a non-empty string. */
export function isServerEndpoint(value: string): boolean {
  return value.length <= MAX_SERVER_NAME_LENGTH && SAFE_ENDPOINT.test(value);
}

/** What `serverTextSchema` accepts. */
export function isServerText(value: string): boolean {
  return value.length <= MAX_SERVER_NAME_LENGTH && !CONTROL_CHARACTER.test(value);
}

/**
 * Each kind of value an answer holds, by the check that accepts it: a declaration of fields names
 * a kind, and both its plain check and its zod schema (`SERVER_VALUE_SCHEMAS`, built on these
 * checks) come from that one name.
 */
export const SERVER_VALUE_CHECKS = {
  id: isServerId,
  token: isServerToken,
  endpoint: isServerEndpoint,
  name: isSafeServerName,
  text: isServerText,
} as const;
export type ServerValueKind = keyof typeof SERVER_VALUE_CHECKS;
