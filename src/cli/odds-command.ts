// `theater odds`: exact outcome distribution of a combat, at a point of a saved game or of a fresh setup.
import type { Command } from 'commander';
import { checkLog, Game, prompts, type BaseState, type Prompt } from '../engine/index.ts';
import { combatOdds, oddsAdapterFor, type OddsReport } from '../odds/index.ts';
import { getPackage, getRuleset } from '../rulesets/index.ts';
import { CliError, parseIntArg, readJsonFile } from './io.ts';
import { parseOptions } from './kernel-commands.ts';

export function registerOddsCommand(program: Command): void {
  program
    .command('odds')
    .description('exact odds of a combat: choice K of the prompt after action N of a saved game (or of a new game)')
    .argument('[log]', 'game log file (JSON); without it, a new game of --ruleset')
    .option('--at <n>', 'after this many actions in force (default: all)')
    .option('--choice <k>', 'choice number in the prompt (1 = first); without it, every combat choice is listed')
    .option('--seat <seat>', 'whose prompt (default: the first seat asked)')
    .option('--ruleset <id>', 'rule set of a new game (without a log)')
    .option('--scenario <id>', 'scenario of a new game')
    .option('--seed <s>', 'seed of a new game', '1')
    .option('--option <k=v...>', 'rule set option of a new game (JSON value), repeatable')
    .option('--json', 'print the report as JSON')
    .option('--order <side=types...>', 'order of losses for rule sets that take them by order: attacker=infantry,artillery (repeatable; default cheapest first)')
    .action((file: string | undefined, o: {
      at?: string; choice?: string; seat?: string; ruleset?: string; scenario?: string; seed: string; option?: string[]; json?: boolean; order?: string[];
    }) => {
      const opts = { casualtyOrder: parseOrder(o.order ?? []) };
      let game: Game<BaseState>;
      if (file) {
        const log = checkLog(readJsonFile(file));
        game = Game.load(getRuleset(log.ruleset), log);
      } else {
        if (!o.ruleset) throw new CliError('give a game log, or --ruleset <id> for a new game');
        const r = getRuleset(o.ruleset);
        game = Game.create(r, o.scenario ?? r.scenarios[0]!.id, parseOptions(o.option ?? []), o.seed);
      }
      const ruleset = game.ruleset;
      if (!oddsAdapterFor(ruleset.id)) throw new CliError(`${ruleset.id} has no odds adapter yet (its package: src/rulesets/${ruleset.id}/package.ts)`);
      const at = o.at === undefined ? game.played.length : parseIntArg('--at', o.at, 0);
      if (at > game.played.length) throw new CliError(`--at ${at}: the game has only ${game.played.length} actions in force`);
      const state = game.stateAt(at);
      const all = prompts(ruleset, state);
      const prompt: Prompt | undefined = o.seat ? all.find((p) => p.seat === o.seat) : all[0];
      if (!prompt) {
        throw new CliError(`after action ${at} ${o.seat ? `${o.seat} is not asked anything` : 'nobody is asked anything'}` +
          ` (asked: ${all.map((p) => p.seat).join(', ') || 'nobody'})`);
      }
      const adapter = oddsAdapterFor(ruleset.id)!;
      if (o.choice === undefined) {
        const combats = prompt.choices.map((c, i) => ({ c, i })).filter(({ c }) => adapter.isCombat(state, prompt.seat, c.action));
        if (!combats.length) {
          process.stdout.write(`after action ${at}, ${prompt.seat} is asked "${prompt.text}": none of its ${prompt.choices.length} choices starts a combat\n`);
          return;
        }
        const reports = combats.map(({ c, i }) => ({ choice: i + 1, label: c.label, report: combatOdds(getPackage(ruleset.id), state, prompt.seat, c.action, opts) }));
        if (o.json) {
          process.stdout.write(JSON.stringify(reports, null, 1) + '\n');
          return;
        }
        for (const x of reports) {
          const s = x.report.summary;
          process.stdout.write(`${String(x.choice).padStart(4)}  ${x.label}: ${pct(s.pWin)} to win, losses ${s.expectedAttackerLosses.toFixed(2)} to ${s.expectedDefenderLosses.toFixed(2)}\n`);
        }
        return;
      }
      const k = parseIntArg('--choice', o.choice, 1);
      const choice = prompt.choices[k - 1];
      if (!choice) throw new CliError(`--choice ${k}: the prompt "${prompt.text}" has ${prompt.choices.length} choices`);
      const report = combatOdds(getPackage(ruleset.id), state, prompt.seat, choice.action, opts);
      if (o.json) process.stdout.write(JSON.stringify(report, null, 1) + '\n');
      else process.stdout.write(formatReport(report, choice.label));
    });
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

/** --order attacker=infantry,artillery --order defender=infantry: unit types per side, first lost first. */
function parseOrder(args: string[]): { attacker?: string[]; defender?: string[] } {
  const out: { attacker?: string[]; defender?: string[] } = {};
  for (const a of args) {
    const m = /^(attacker|defender)=(.+)$/.exec(a);
    if (!m) throw new CliError(`--order ${a}: write attacker=type,type or defender=type,type`);
    out[m[1] as 'attacker' | 'defender'] = m[2]!.split(',').map((t) => t.trim()).filter(Boolean);
  }
  return out;
}

export function formatReport(r: OddsReport, label: string): string {
  const lines = [`${r.seat}: ${label}`];
  if (r.description) lines.push(r.description);
  if (r.note) lines.push(`covers: ${r.note}`);
  lines.push('', '      p  exact        attacker losses  defender losses  winner    detail');
  for (const o of r.outcomes) {
    lines.push(`${pct(o.p).padStart(7)}  ${o.exact.padEnd(12)} ${String(o.result.attackerLosses).padStart(15)}  ${String(o.result.defenderLosses).padStart(15)}  ${(o.result.winner ?? '-').padEnd(8)}  ${o.result.detail ? JSON.stringify(o.result.detail) : ''}`.trimEnd());
  }
  const s = r.summary;
  lines.push('', `attacker wins ${pct(s.pWin)} (${s.pWinExact}), defender wins ${pct(s.pLose)}, neither ${pct(s.pNone)}`);
  lines.push(`expected losses: attacker ${s.expectedAttackerLosses.toFixed(2)}, defender ${s.expectedDefenderLosses.toFixed(2)}`);
  lines.push(`enumeration: ${r.stats.applies} runs of the rules, ${r.stats.rolls} rolls branched, ${r.stats.memoHits} shared sub-trees, ${r.stats.leaves} end states`);
  return lines.join('\n') + '\n';
}
