// The benchmark scripts' options: `--name value` on the command line, else the script's default.

/** The value after `name` (as typed: `--games`), or `fallback` when the option or its value is missing. */
export function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(name);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1]! : fallback;
}

/** `arg` read as a number. */
export function argNum(name: string, fallback: number): number {
  return Number(arg(name, String(fallback)));
}
