// Commands over any rule set: replay, validate, fuzz.
import type { Command } from 'commander';
import { checkLog, eventsFor, fuzzGame, Game, viewFor } from '../engine/index.ts';
import { getRuleset, rulesets } from '../rulesets/index.ts';
import { CliError, parseIntArg, readJsonFile, writeJsonFile } from './io.ts';
import { serverEnd } from './play/session.ts';

export function registerKernelCommands(program: Command): void {
  program
    .command('replay')
    .description('replay a game log, checking every state hash; print the final state and each action\'s result')
    .argument('<log>', 'game log file (JSON)')
    .option('--json', 'print the result as JSON')
    .option('--quiet', 'print only the summary')
    .action((file: string, o: { json?: boolean; quiet?: boolean }) => {
      const raw = readJsonFile(file);
      const log = checkLog(raw);
      const game = Game.load(getRuleset(log.ruleset), log);
      const view = viewFor(game.ruleset, game.state, null);
      // A server game ended by a resignation or the clock: the rules did not end it, the server did (the log's meta).
      const serverResult = game.state.outcome ? null : serverEnd(log.meta);
      if (o.json) {
        const out = {
          ruleset: log.ruleset, scenario: log.scenario, actions: game.played.length, entries: log.entries.length,
          outcome: game.state.outcome, serverResult, status: view.status, waitingFor: serverResult ? [] : view.waitingFor,
          results: o.quiet ? undefined : game.played.map((p, i) => ({
            n: i + 1, seat: p.seat, action: p.action, events: eventsFor(p.events, null),
          })),
        };
        process.stdout.write(JSON.stringify(out, null, 1) + '\n');
        return;
      }
      if (!o.quiet) {
        game.played.forEach((p, i) => {
          process.stdout.write(`${String(i + 1).padStart(5)} ${p.seat}: ${JSON.stringify(p.action)}\n`);
          for (const e of eventsFor(p.events, null)) process.stdout.write(`        ${e.text}${e.rule ? ` [${e.rule}]` : ''}\n`);
        });
      }
      process.stdout.write(`${log.ruleset} ${log.scenario}: ${game.played.length} actions in force (${log.entries.length} log entries), every state hash verified\n`);
      process.stdout.write(game.state.outcome ? `Result: ${game.state.outcome.result}\n`
        : serverResult ? `Ended by the server: ${serverResult} (the log's meta), at ${view.status}\n`
          : `In progress: ${view.status}; waiting for ${view.waitingFor.map((w) => `${w.seat} (${w.text})`).join(', ')}\n`);
    });

  program
    .command('validate')
    .description('check every data file of every rule set against its schema and cross-references')
    .option('--ruleset <id>', 'only this rule set')
    .action((o: { ruleset?: string }) => {
      const ids = o.ruleset ? [getRuleset(o.ruleset).id] : Object.keys(rulesets);
      let problems = 0;
      for (const id of ids) {
        const r = getRuleset(id);
        if (!r.validateData) continue;
        const found = r.validateData();
        problems += found.length;
        for (const p of found) process.stdout.write(`${id}: ${p.file}: ${p.field}: ${p.message}\n`);
        process.stdout.write(`${id}: ${found.length ? `${found.length} problem(s)` : 'all data files valid'}\n`);
      }
      if (problems) process.exitCode = 1;
    });

  program
    .command('fuzz')
    .description('play random legal games to the end; fail on an exception, dead end, broken invariant or replay mismatch')
    .requiredOption('--ruleset <id>', 'rule set id')
    .option('--scenario <id>', 'scenario id (default: the first)')
    .option('--games <n>', 'number of games', '10')
    .option('--seed <s>', 'base seed', '1')
    .option('--max-actions <n>', 'give up after this many actions per game', '200000')
    .option('--option <k=v...>', 'rule set option (JSON value), repeatable')
    .option('--out <dir>', 'where failing games are saved', 'fuzz-failures')
    .action((o: { ruleset: string; scenario?: string; games: string; seed: string; maxActions: string; option?: string[]; out: string }) => {
      const r = getRuleset(o.ruleset);
      const scenario = o.scenario ?? r.scenarios[0]!.id;
      const options = parseOptions(o.option ?? []);
      const n = parseIntArg('--games', o.games, 1);
      let failed = 0;
      for (let i = 0; i < n; i++) {
        const seed = `${o.seed}-${i}`;
        const t0 = performance.now();
        const res = fuzzGame(r, { scenario, options, seed, maxActions: parseIntArg('--max-actions', o.maxActions, 1) });
        const ms = Math.round(performance.now() - t0);
        if (res.ok) {
          process.stdout.write(`game ${i + 1}/${n} seed ${seed}: ${res.outcome?.result ?? '?'} after ${res.actions} actions (${ms} ms)\n`);
        } else {
          failed++;
          const path = `${o.out}/${r.id}-${seed}.json`;
          writeJsonFile(path, res.log);
          process.stdout.write(`game ${i + 1}/${n} seed ${seed}: FAILED (${res.failure!.kind}) at action ${res.failure!.at}: ${res.failure!.message.split('\n')[0]}\n  saved ${path}\n`);
        }
      }
      process.stdout.write(`${n - failed} passed, ${failed} failed\n`);
      if (failed) process.exitCode = 1;
    });
}

export function parseOptions(pairs: string[]): Record<string, any> {
  const out: Record<string, any> = {};
  for (const p of pairs) {
    const i = p.indexOf('=');
    if (i < 1) throw new CliError(`--option wants key=value, not "${p}"`);
    const v = p.slice(i + 1);
    try {
      out[p.slice(0, i)] = JSON.parse(v);
    } catch {
      out[p.slice(0, i)] = v;
    }
  }
  return out;
}
