import { z } from "zod";
import { type EmulatorOptions, emulatorOptions, type OptionInfo, optionInfo } from "./emulator-options.ts";
import { InvalidSettingError } from "./invalid-setting.ts";

/** One declared option: where it sits in `EmulatorOptions`, its type, and how command lines offer it. */
export interface DeclaredOption {
  path: readonly string[];
  /** The value's schema, without the `optional()` around it. */
  schema: z.ZodType;
  info: OptionInfo;
  /** Takes the flag more than once (a list option). */
  repeatable: boolean;
}

/** Every declared option, in declaration order (nested groups such as `latency` flattened). */
export function declaredOptions(): DeclaredOption[] {
  return walk(emulatorOptions, []);
}

function walk(object: z.ZodObject, prefix: readonly string[]): DeclaredOption[] {
  return Object.entries(object.shape).flatMap(([key, field]) => {
    const path = [...prefix, key];
    const inner = field instanceof z.ZodOptional ? (field.unwrap() as z.ZodType) : (field as z.ZodType);
    if (inner instanceof z.ZodObject) return walk(inner, path);
    const info = optionInfo.get(field as z.ZodType);
    if (!info) throw new Error(`option ${path.join(".")} has no declaration`);
    return [{ path, schema: inner, info, repeatable: inner instanceof z.ZodArray }];
  });
}

/** The value at `path` in a (partial) options object. */
export function valueAt(options: object, path: readonly string[]): unknown {
  let value: unknown = options;
  for (const key of path) value = (value as Record<string, unknown> | undefined)?.[key];
  return value;
}

/** Command-line flag values as a parser hands them over: text, or a list of texts when repeatable. */
export type FlagValues = Record<string, string | boolean | readonly (string | boolean)[] | undefined>;

/**
 * Turns flag values (by flag name) into `EmulatorOptions`: a flag given wins over its environment
 * variable; an empty value counts as not given, except where the option refuses empty values.
 */
export function optionsFromFlags(
  values: FlagValues,
  env: NodeJS.ProcessEnv = {},
  sources: Readonly<Record<string, string>> = {},
): EmulatorOptions {
  const options: Record<string, unknown> = {};
  for (const declared of declaredOptions()) {
    const { flag, env: variable } = declared.info;
    if (flag === undefined) continue;
    const given = values[flag];
    // An empty flag counts as not given, unless the option refuses empty values (then it says so).
    const fromFlag = given === "" && !refusesEmpty(declared.schema) ? undefined : given;
    const raw = fromFlag ?? (variable === undefined ? undefined : env[variable]);
    if (raw === undefined) continue;
    if (typeof raw === "boolean") {
      // A switch (`--qstash-dev`): given is on; a value flag without its value is not given.
      if (declared.schema instanceof z.ZodBoolean) place(options, declared.path, raw);
      continue;
    }
    const name = sources[flag] ?? `--${flag}${variable ? ` (or ${variable})` : ""}`;
    const value = flagValue(declared, raw, name);
    if (value !== undefined) place(options, declared.path, checked(declared, value, name));
  }
  return options as EmulatorOptions;
}

function flagValue(
  declared: DeclaredOption,
  raw: string | readonly (string | boolean)[],
  name: string,
): unknown {
  const { schema } = declared;
  const texts = (typeof raw === "string" ? [raw] : raw).filter((text) => typeof text === "string");
  if (schema instanceof z.ZodArray) {
    const element = schema.element as z.ZodType;
    // A list of choices also takes them comma-separated (`--regions EU_CENTRAL_1,US_EAST_1`):
    // no choice holds a comma.
    const items = element instanceof z.ZodEnum ? texts.flatMap((text) => text.split(",")) : texts;
    return items.length === 0 ? undefined : items.map((text) => textValue(element, name, text.trim()));
  }
  const text = texts.at(-1) ?? "";
  if (text === "" && !refusesEmpty(schema)) return undefined;
  return textValue(schema, name, text);
}

/** `name` says where the value came from: the flag (and its variable), or a `STASHKIT_*` variable. */
function textValue(schema: z.ZodType, name: string, text: string): unknown {
  if (schema instanceof z.ZodNumber) {
    const whole = schema.isInt;
    const pattern = whole ? /^\d+$/ : /^\d+(\.\d+)?$/;
    const value = Number(text);
    if (!pattern.test(text) || !Number.isFinite(value) || (whole && !Number.isSafeInteger(value))) {
      const kind = whole ? "a whole number" : "a number of 0 or more";
      throw new InvalidSettingError(`${name} must be ${kind}, got "${text}"`);
    }
    return value;
  }
  if (schema instanceof z.ZodBoolean) {
    // A switch's variable (`STASHKIT_QSTASH_DEV`), in the words `QSTASH_DEV` takes.
    if (text === "true" || text === "1") return true;
    if (text === "false" || text === "0") return false;
    throw new InvalidSettingError(`${name} must be true, 1, false or 0, got "${text}"`);
  }
  if (schema instanceof z.ZodEnum) {
    if (!schema.options.includes(text)) {
      throw new InvalidSettingError(`${name} must be ${schema.options.join(" or ")}, got "${text}"`);
    }
    return text;
  }
  if (schema instanceof z.ZodObject && "email" in schema.shape) return accountValue(name, text);
  if (text === "" && refusesEmpty(schema)) throw new InvalidSettingError(`${name} must not be empty`);
  return text;
}

/** Options that start a setting are checked as settings are; the others against their own schema. */
function checked(declared: DeclaredOption, value: unknown, name: string): unknown {
  if (declared.info.setting !== undefined) return value;
  const parsed = declared.schema.safeParse(value);
  if (parsed.success) return value;
  const problem = parsed.error.issues[0]?.message ?? "not accepted";
  throw new InvalidSettingError(`${name} is not accepted: ${problem}`);
}

/** `EMAIL:API_KEY`; the key may itself hold colons. */
function accountValue(name: string, text: string): { email: string; apiKey: string } {
  const colon = text.indexOf(":");
  if (colon <= 0 || colon === text.length - 1)
    throw new InvalidSettingError(`${name} must look like EMAIL:API_KEY`);
  return { email: text.slice(0, colon), apiKey: text.slice(colon + 1) };
}

function refusesEmpty(schema: z.ZodType): boolean {
  return !schema.safeParse("").success && schema.safeParse("x").success;
}

function place(target: Record<string, unknown>, path: readonly string[], value: unknown): void {
  let at = target;
  for (const key of path.slice(0, -1)) {
    at[key] ??= {};
    at = at[key] as Record<string, unknown>;
  }
  at[path.at(-1) as string] = value;
}
