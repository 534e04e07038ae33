// `theater play`: play a game in the terminal (hot-seat, against the AI, or by email with --load/--out).
import type { Command } from 'commander';
import { rulesets } from '../rulesets/index.ts';
import { parseIntArg } from './io.ts';
import { parseOptions } from './kernel-commands.ts';
import { CONTROLLER_KINDS } from './play/seats.ts';
import { runPlay, type PlayIo } from './play/terminal.ts';

/** Option names a seat may not take over. */
const RESERVED = new Set(['scenario', 'option', 'seed', 'seat', 'as', 'load', 'out', 'budget-ms', 'color', 'colour', 'help']);

const collect = (v: string, prev: string[] = []) => [...prev, v];

export function registerPlayCommand(program: Command, io?: PlayIo): void {
  const seatNames = [...new Set(Object.values(rulesets).flatMap((r) => r.seats))].filter((s) => /^[a-z][a-z0-9-]*$/.test(s) && !RESERVED.has(s));
  const cmd = program
    .command('play')
    .description('play a game in the terminal: hot-seat, against the AI or the random player, or by email (--load/--out)')
    .argument('[ruleset]', `rule set id (${Object.keys(rulesets).join(', ')}); not needed with --load`)
    .option('--scenario <id>', 'scenario id (default: the rule set\'s first)')
    .option('--option <k=v>', 'rule set option (JSON value), repeatable', collect)
    .option('--seed <s>', 'game seed (dice); default: a fresh random one, printed at the start')
    .option('--seat <name=kind>', `who plays a seat: ${CONTROLLER_KINDS}; repeatable; unnamed seats are human (hot-seat)`, collect)
    .option('--as <seat>', 'play this seat here; every other seat is remote (play-by-email)')
    .option('--load <file>', 'continue the game in this log file (written back to it at the end unless --out names another)')
    .option('--out <file>', 'write the game log here when the session ends (quit, Ctrl-C, end of input, game over)')
    .option('--budget-ms <n>', 'outer time guard per AI decision, in milliseconds', '3000')
    .option('--no-color', 'no colours even on a terminal');
  for (const s of seatNames) cmd.option(`--${s} <kind>`, `same as --seat ${s}=KIND`);
  cmd.addHelpText('after', [
    '',
    'At the prompt: a number takes a choice (or opens a group), /TEXT filters, .. goes back, all lists every choice,',
    'undo, takeback, log [N], view [TEXT], save [FILE], help, quit. Without a terminal, commands are read line by line',
    'from standard input.',
    '',
    'Examples:',
    '  theater play duel --seed 7                          hot-seat, every seat at this keyboard',
    '  theater play 2ww --option quickSetup=true --allies ai --out game.json',
    '  theater play --load game.json --as axis            play-by-email: make your moves (game.json is updated), send it',
  ].join('\n'));
  cmd.action(async (ruleset: string | undefined, o: Record<string, any>) => {
    const perSeat: Record<string, string | undefined> = {};
    for (const s of seatNames) {
      const key = s.replace(/-([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
      if (typeof o[key] === 'string') perSeat[s] = o[key];
    }
    const code = await runPlay({
      ruleset, scenario: o.scenario, options: o.option ? parseOptions(o.option) : undefined, seed: o.seed,
      load: o.load, out: o.out, seats: o.seat, perSeat, as: o.as, budgetMs: parseIntArg('--budget-ms', o.budgetMs, 1),
      colour: o.color === false ? false : undefined,
    }, io ?? { input: process.stdin, output: process.stdout });
    if (code) process.exitCode = code;
  });
}
