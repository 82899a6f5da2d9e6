import { declaredOptions } from "@stashkit/emulator/internal";
import { expect, it } from "vitest";
import { FLAGS } from "../src/commands/emulator.flags.ts";

// The CLI cannot read the emulator's declaration when it builds its help (that would load the
// emulator and zod for every `--help`), so it keeps a copy: this test is what keeps it a copy.
it("offers every option the emulator declares, with its value name, help, default and repetition", () => {
  const declared = declaredOptions()
    .filter(({ info }) => info.flag !== undefined)
    .map(({ info, repeatable }) => ({
      flags: `--${info.flag} <${info.value}>`,
      description: info.help,
      ...(info.cliDefault === undefined ? {} : { default: info.cliDefault }),
      ...(repeatable ? { repeatable: true } : {}),
    }));
  expect(declared.length).toBeGreaterThan(20);
  expect(FLAGS).toEqual(declared);
});
