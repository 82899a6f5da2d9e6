import { declaredOptions } from "../options/option-list.ts";

/** A flag of the command line only (not an emulator option): its value's name, help, and how it is read. */
export interface OwnFlag {
  flag: string;
  /** The value's name in help; none for a switch. */
  value?: string;
  help: string;
  repeatable?: boolean;
  /** `--from-env` reads it from its `STASHKIT_*` variable too (a container's settings). */
  fromEnv?: boolean;
}

/** Flags of the command line only; every emulator option's flag comes from its declaration. */
export const OWN_FLAGS: readonly OwnFlag[] = [
  {
    flag: "pid-file",
    value: "PATH",
    help: "write this process's id there once listening (removed on a clean stop), so a later CI step can stop it even when started through npx",
  },
  {
    flag: "fault",
    value: "ROUTE=SPECS",
    help: 'e.g. --fault "POST /v2/search=503,503" (SPEC: status[:header=value], html, malformed-json, reset, hang); repeatable',
    repeatable: true,
  },
  {
    // Not `--env-file`: Node reads that argument itself wherever it stands, even after the
    // script's path, and exits when the file does not exist yet (nodejs/node#54232).
    flag: "write-env-file",
    value: "PATH",
    help: "write the printed variables there as dotenv (NAME=value a line, mode 0600) once listening, for `source PATH` or `node --env-file=PATH app.js`",
    fromEnv: true,
  },
  {
    flag: "print-env",
    help: "print the variables as dotenv on stdout (e.g. `> .env`), and the rest of the banner on stderr",
  },
  {
    flag: "public-url",
    value: "URL",
    help: "where clients reach this emulator when that is not its own address, e.g. http://localhost:8787 for a container's published port: the printed URLs and variables use it",
    fromEnv: true,
  },
  {
    flag: "from-env",
    help: "also read each option from its STASHKIT_* variable (STASHKIT_DATA_FILE for --data-file; lists comma-separated; a flag given wins); an unknown STASHKIT_* variable or a bad value stops the start naming it. The container image runs with it",
  },
];

/** `stashkit-emulator --help` (or `stashkit emulator --help`): every flag, its value, default and variable. */
export function helpText(name: string): string {
  const line = (flag: string, help: string) => `  ${flag.padEnd(30)} ${wrapped(help, 33)}`;
  const lines = declaredOptions().flatMap(({ info }) => {
    if (info.flag === undefined) return [];
    const flag = `--${info.flag}${info.value ? ` ${info.value}` : ""}`;
    const extras = [info.cliDefault && `default ${info.cliDefault}`, info.env && `or set $${info.env}`];
    const suffix = extras.filter(Boolean).join("; ");
    return [line(flag, suffix ? `${info.help} (${suffix})` : info.help)];
  });
  for (const { flag, value, help } of OWN_FLAGS)
    lines.push(line(`--${flag}${value ? ` ${value}` : ""}`, help));
  lines.push(line("-h, --help", "this text"));
  return `${name}: a local messaging + management API server for tests and dry runs

${usage(name)}

${lines.join("\n")}
`;
}

/** The two forms of the command, for help and after a mistake. */
export function usage(name: string): string {
  return `Usage: ${name} [options]
       ${name} export <url> <file> [--control-token T]`;
}

/** Breaks `text` into lines of at most 100 columns, the later ones indented by `indent`. */
function wrapped(text: string, indent: number): string {
  const lines = [""];
  for (const word of text.split(" ")) {
    const last = lines.length - 1;
    if (lines[last] !== "" && indent + (lines[last] as string).length + word.length >= 100) lines.push(word);
    else lines[last] = lines[last] === "" ? word : `${lines[last]} ${word}`;
  }
  return lines.join(`\n${" ".repeat(indent)}`);
}
