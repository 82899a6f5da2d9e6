/**
 * Notices to whoever runs the emulator, one line each: to the `log` option, else to stderr
 * (the command's log). `once` says a thing the first time only, such as a bound that has
 * started to drop data: a log with the same line ten thousand times tells nothing more.
 */
export function noticeBoard(log: ((line: string) => void) | undefined) {
  const said = new Set<string>();
  const say = (text: string) => {
    const line = `stashkit-emulator: ${text}`;
    if (log) log(line);
    else process.stderr.write(`${line}\n`);
  };
  return {
    say,
    once(topic: string, text: string): void {
      if (said.has(topic)) return;
      said.add(topic);
      say(text);
    },
  };
}
