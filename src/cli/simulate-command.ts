// `theater simulate`: AI-vs-AI games with a progress bar on stderr, a results table, an optional SVG chart.
import { writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { parsePlayerKind, type PlayerKind } from '../ai/play.ts';
import { resultsTable, simulate, simulationChart, type SimulateOptions } from '../ai/simulate.ts';
import { simulateJobs } from '../ai/simulate-jobs.ts';
import { getRuleset } from '../rulesets/index.ts';
import { CliError, parseIntArg, writeJsonFile } from './io.ts';
import { parseOptions } from './kernel-commands.ts';

export function registerSimulateCommand(program: Command): void {
  program
    .command('simulate')
    .description('play AI-vs-AI games and print who won, at what level, and when each milestone (conquest...) came')
    .requiredOption('--ruleset <id>', 'rule set id')
    .option('--scenario <id>', 'scenario id (default: the first)')
    .option('--games <n>', 'number of games', '10')
    .option('--seats <list>', 'player of each seat in seat order: easy, normal, hard or random (e.g. hard,normal)', 'normal,normal')
    .option('--seed <s>', 'base seed (game i uses <seed>-i)', '1')
    .option('--option <k=v...>', 'rule set option (JSON value), repeatable')
    .option('--max-actions <n>', 'stop a game unfinished after this many actions', '200000')
    .option('--budget-ms <n>', 'outer time guard per AI decision (makes results depend on speed when it fires)')
    .option('--chart <file.svg>', 'write win rates and production over time as an SVG chart')
    .option('--json <file>', 'write every game\'s summary as JSON')
    .option('--save <dir>', 'save every game\'s log in this folder')
    .option('--jobs <n>', 'games played at once, each in its own process (the same games as one at a time)', '1')
    .option('--results <file.jsonl>', 'append each game\'s summary as it ends; run again, skip the games it holds')
    .action(async (o: {
      ruleset: string; scenario?: string; games: string; seats: string; seed: string; option?: string[];
      maxActions: string; budgetMs?: string; chart?: string; json?: string; save?: string; jobs: string; results?: string;
    }) => {
      const r = getRuleset(o.ruleset);
      const kinds = o.seats.split(',').map((s) => s.trim()).filter(Boolean);
      if (kinds.length !== r.seats.length) {
        throw new CliError(`--seats needs one player per seat of ${r.id} (${r.seats.join(', ')}), got "${o.seats}"`);
      }
      const players: Record<string, PlayerKind> = {};
      r.seats.forEach((seat, i) => { players[seat] = parsePlayerKind(kinds[i]!); });
      const games = parseIntArg('--games', o.games, 1);
      const isTty = Boolean(process.stderr.isTTY);
      let lastDraw = 0;
      const progress = (i: number, actions: number, done = false) => {
        const now = performance.now();
        if (!done && (!isTty || now - lastDraw < 200)) return; // a log file gets one line per game
        lastDraw = now;
        const frac = (i + (done ? 1 : 0)) / games;
        const width = 30, fill = Math.round(frac * width);
        const text = `[${'#'.repeat(fill)}${'.'.repeat(width - fill)}] game ${Math.min(i + 1, games)}/${games}, ${actions} actions`;
        process.stderr.write(isTty ? `\r${text}\x1b[K` : `${text}\n`);
      };
      const jobs = parseIntArg('--jobs', o.jobs, 1);
      let ended = 0;
      const so: SimulateOptions = {
        scenario: o.scenario, options: parseOptions(o.option ?? []), games, players, seed: o.seed,
        maxActions: parseIntArg('--max-actions', o.maxActions, 1),
        budgetMs: o.budgetMs === undefined ? undefined : parseIntArg('--budget-ms', o.budgetMs, 1),
        onProgress: (i, n) => progress(i, n),
        onGame: (i, s, played) => {
          if (jobs > 1 || o.results) {
            ended++;
            process.stderr.write(`game ${i + 1} (${ended}/${games} ended): ${s.unfinished ? `unfinished at ${s.actions} actions` : `${s.victoryLevel}, ${s.actions} actions`}\n`);
            return;
          }
          progress(i, s.actions, true);
          if (o.save) writeJsonFile(`${o.save}/${r.id}-${s.seed}.json`, played.game.toLog({ players: players as Record<string, string> }));
        },
      };
      const result = jobs > 1 || o.results ? await simulateJobs(r, so, { jobs, resultsFile: o.results, save: o.save }) : simulate(r, so);
      if (isTty) process.stderr.write('\n');
      process.stdout.write(resultsTable(result));
      if (o.chart) {
        writeFileSync(o.chart, simulationChart(result));
        process.stdout.write(`chart written to ${o.chart}\n`);
      }
      if (o.json) writeJsonFile(o.json, result);
    });
}
