import { declaredOptions } from "@stashkit/emulator/internal";
import type { FlagSpec } from "../options/flags.ts";

/**
 * The flags of `stashkit emulator`: every command-line option the emulator declares
 * (`declaredOptions()` in @stashkit/emulator), with its value name, help, default and repetition.
 *
 * Read from the declaration, never written out: in the bundle, `bundle.mjs` evaluates this module
 * when it builds and puts the resulting list in its place, so the CLI's `--help` (and every
 * command, which all register `emulator`) loads neither the emulator nor its zod: importing the
 * emulator at start-up cost ~200 ms of every command (bench C1, issue 40).
 */
export const FLAGS: readonly FlagSpec[] = declaredOptions().flatMap(({ info, repeatable }) =>
  info.flag === undefined
    ? []
    : [
        {
          // A switch (`--qstash-dev`) has no value.
          flags: info.value === undefined ? `--${info.flag}` : `--${info.flag} <${info.value}>`,
          description: info.help,
          ...(info.cliDefault === undefined ? {} : { default: info.cliDefault }),
          ...(repeatable ? { repeatable: true as const } : {}),
        },
      ],
);
