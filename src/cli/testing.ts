// Runs `theater` subcommands in-process for tests, capturing what they print and the exit code they set.
import { Command } from 'commander';
import { vi } from 'vitest';

export interface CommandRun { out: string; err: string; code: number }

/** Parse `args` with a program that has the given commands registered; throws what the command throws. */
export async function runCommand(register: ((p: Command) => void)[], args: string[]): Promise<CommandRun> {
  let out = '', err = '';
  const o = vi.spyOn(process.stdout, 'write').mockImplementation((s) => { out += String(s); return true; });
  const e = vi.spyOn(process.stderr, 'write').mockImplementation((s) => { err += String(s); return true; });
  try {
    const p = new Command('theater').exitOverride();
    for (const r of register) r(p);
    await p.parseAsync(args, { from: 'user' });
  } finally {
    o.mockRestore();
    e.mockRestore();
  }
  return { out, err, code: typeof process.exitCode === 'number' ? process.exitCode : 0 };
}
