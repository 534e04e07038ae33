// `theater new` (a game from a scenario or from a position file) and `theater position` (the position after any
// action of a log). Position files: docs/positions.md.
import { randomBytes } from 'node:crypto';
import type { Command } from 'commander';
import { checkLog, Game, prompts, viewFor } from '../engine/index.ts';
import type { Json, Ruleset } from '../engine/index.ts';
import { getRuleset } from '../rulesets/index.ts';
import { parseOptions } from './kernel-commands.ts';
import { CliError, parseIntArg, readJsonFile, writeJsonFile } from './io.ts';

function positionsOf(r: Ruleset<any>) {
  if (!r.positions) throw new CliError(`rule set "${r.id}" has no position format; games of it start only from a scenario`);
  return r.positions;
}

function out(path: string | undefined, value: unknown): void {
  if (path) writeJsonFile(path, value);
  else process.stdout.write(JSON.stringify(value, null, 1) + '\n');
}

export function registerPositionCommands(program: Command): void {
  program
    .command('new')
    .description('start a game (from the scenario, or from a position file) and write its log, ready to play on')
    .requiredOption('--ruleset <id>', 'rule set id')
    .option('--scenario <id>', 'scenario id (default: the first)')
    .option('--option <k=v...>', 'rule set option (JSON value), repeatable')
    .option('--position <file>', 'position file to start from (docs/positions.md)')
    .option('--seed <s>', 'dice seed (default: the position\'s dice.seed, else a fresh random one)')
    .option('--out <file>', 'write the log here (default: standard output)')
    .action((o: { ruleset: string; scenario?: string; option?: string[]; position?: string; seed?: string; out?: string }) => {
      const r = getRuleset(o.ruleset);
      const scenario = o.scenario ?? r.scenarios[0]!.id;
      const position = o.position !== undefined ? readJsonFile(o.position) as Json : undefined;
      if (position !== undefined) {
        const problems = positionsOf(r).validate(position);
        if (problems.length) {
          throw new CliError(`${o.position}: ${problems.length} problem(s):\n${problems.map((p) => `  ${p.field}: ${p.message}`).join('\n')}`);
        }
      }
      const posSeed = (position as { dice?: { seed?: unknown } } | undefined)?.dice?.seed;
      const seed = o.seed ?? (typeof posSeed === 'string' ? posSeed : randomBytes(12).toString('hex'));
      const game = Game.create(r, scenario, parseOptions(o.option ?? []), seed, position);
      out(o.out, game.toLog());
      const view = viewFor(r, game.state, null);
      process.stderr.write(`${r.id} ${scenario}${position !== undefined ? ` from ${o.position}` : ''}, seed ${seed}: ${view.status}; ` +
        `waiting for ${view.waitingFor.map((w) => `${w.seat} (${w.text})`).join(', ') || 'nobody'}${o.out ? `; log written to ${o.out}` : ''}\n`);
    });

  program
    .command('position')
    .description('write the position of a game after action N (default: the last), to start other games from it')
    .argument('<log>', 'game log file (JSON)')
    .option('--at <n>', 'after this many actions in force (0 = the setup)')
    .option('--out <file>', 'write the position here (default: standard output)')
    .action((file: string, o: { at?: string; out?: string }) => {
      const log = checkLog(readJsonFile(file));
      const r = getRuleset(log.ruleset);
      const support = positionsOf(r);
      const game = Game.load(r, log);
      const n = o.at === undefined ? game.played.length : parseIntArg('--at', o.at, 0);
      if (n > game.played.length) throw new CliError(`--at ${n}: ${file} has only ${game.played.length} actions in force`);
      const state = game.stateAt(n);
      const pos = support.toPosition(state) as Record<string, Json>;
      const dice = (pos.dice && typeof pos.dice === 'object' && !Array.isArray(pos.dice) ? pos.dice : {}) as Record<string, Json>;
      pos.dice = { seed: log.seed, ...dice };
      pos.toAct = prompts(r, state).map((p) => ({ seat: p.seat, rule: p.rule, text: p.text }));
      if (pos.note === undefined) pos.note = `${file}, after action ${n} of ${game.played.length}: ${r.describe?.(state) ?? ''}`;
      out(o.out, pos);
      if (o.out) process.stderr.write(`position after action ${n} written to ${o.out}\n`);
    });

  program
    .command('check-position')
    .description('validate a position file against its schema and the rules; list every problem')
    .argument('<file>', 'position file (JSON)')
    .option('--ruleset <id>', 'rule set (default: the file\'s "ruleset")')
    .action((file: string, o: { ruleset?: string }) => {
      const pos = readJsonFile(file) as Json;
      const id = o.ruleset ?? (pos && typeof pos === 'object' && !Array.isArray(pos) ? pos.ruleset : undefined);
      if (typeof id !== 'string') throw new CliError(`${file}: field "ruleset" must name the rule set (or pass --ruleset)`);
      const problems = positionsOf(getRuleset(id)).validate(pos);
      for (const p of problems) process.stdout.write(`${file}: ${p.field}: ${p.message}\n`);
      process.stdout.write(`${file}: ${problems.length ? `${problems.length} problem(s)` : 'a valid position'}\n`);
      if (problems.length) process.exitCode = 1;
    });
}
