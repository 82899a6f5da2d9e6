/**
 * Parses a runner file command file (GITHUB_OUTPUT, GITHUB_ENV, GITHUB_STATE) with the
 * runner's rules: `name=value` lines, and `name<<DELIMITER` blocks ending at a line that is
 * exactly the delimiter. Later values win, as on the runner.
 */
export function parseRunnerFile(text: string): Record<string, string> {
  const values: Record<string, string> = {};
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (line === "") continue;
    const heredoc = /^([^=<]+)<<(.+)$/.exec(line);
    if (heredoc) {
      const [, name, delimiter] = heredoc as unknown as [string, string, string];
      const body: string[] = [];
      for (i++; i < lines.length && lines[i] !== delimiter; i++) body.push(lines[i] as string);
      if (i >= lines.length) throw new Error(`unterminated ${name}<<${delimiter} block`);
      values[name] = body.join("\n");
      continue;
    }
    const equals = line.indexOf("=");
    if (equals <= 0) throw new Error(`malformed runner file line: ${JSON.stringify(line)}`);
    values[line.slice(0, equals)] = line.slice(equals + 1);
  }
  return values;
}
