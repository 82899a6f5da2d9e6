import { z } from "zod";
import { DEFAULT_LIMITS, type Limits, limitFlag } from "./limits.ts";
import type { SettingName } from "./setting-declarations.ts";

/** How the command lines (`stashkit-emulator`, `stashkit emulator`) offer an option. */
export interface OptionInfo {
  /** The flag without `--`; an option without one is set from code only. */
  flag?: string;
  /** The flag's value as shown in help, e.g. `MS`. */
  value?: string;
  help: string;
  /** The command line's default, shown in help (the library leaves the option out instead). */
  cliDefault?: string;
  /** Read when the flag is not given; keeps a secret out of the process list. */
  env?: string;
  /** The live setting the option starts, if any. */
  setting?: SettingName;
}

/** The command-line facts of each option below. */
export const optionInfo = z.registry<OptionInfo>();

export function option<S extends z.ZodType>(schema: S, info: OptionInfo): z.ZodOptional<S> {
  const optional = schema.optional();
  optionInfo.add(optional as z.ZodType, info);
  return optional;
}

/**
 * The bounds on what grows with use (`options/limits.ts`), one option each, named by its key:
 * the flag is `--limit-` and the name in kebab case (`--limit-kept-events`), its default the one
 * in `DEFAULT_LIMITS`. Every limit must be declared here, and nothing else.
 */
export function limitOptions(helps: { readonly [K in keyof Limits]: string }) {
  const shape = {} as { -readonly [K in keyof Limits]: z.ZodOptional<z.ZodNumber> };
  for (const name of Object.keys(helps) as (keyof Limits)[]) {
    shape[name] = option(z.int().min(1), {
      flag: limitFlag(name),
      value: "N",
      cliDefault: String(DEFAULT_LIMITS[name]),
      help: helps[name],
    }) as z.ZodOptional<z.ZodNumber>;
  }
  return z.object(shape).optional();
}
