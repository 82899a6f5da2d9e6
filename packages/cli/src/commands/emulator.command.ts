import type { Command } from "commander";
import { examples } from "../command.ts";

/**
 * `stashkit emulator`: the emulator's own command line, the one `stashkit-emulator` runs (its
 * flags, help, "did you mean", banner and exit codes), handed the words after `emulator` by
 * main.ts before commander parses anything. Here only for the program's help.
 */
export function addEmulatorCommand(program: Command): void {
  program
    .command("emulator")
    .description(
      "run the bundled emulator of both APIs in the foreground (stashkit-emulator's flags; see stashkit emulator --help)",
    )
    .addHelpText(
      "after",
      examples([
        "stashkit emulator",
        "stashkit emulator --port 0 --data-file .stashkit-emulator.db --print-env > .env",
      ]),
    );
}
