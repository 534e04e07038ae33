// Commands around the server and the data tools: serve, verify, map render.
import type { Command } from 'commander';
import { CliError, parseIntArg, readJsonFile } from './io.ts';

export function registerServiceCommands(program: Command): void {
  program
    .command('serve')
    .description('start the Theater server: web client, HTTP API and WebSockets on an embedded SQLite database')
    .option('--port <n>', 'port (default: PORT or 8080)')
    .option('--host <h>', 'address to listen on (default: HOST or 127.0.0.1)')
    .option('--db <file>', 'SQLite file (default: THEATER_DB or ./data/theater.sqlite)')
    .option('--database-url <url>', 'PostgreSQL URL instead of SQLite (default: DATABASE_URL)')
    .option('--ai-workers <n>', 'AI worker threads', '2')
    .option('--game-workers <n>', 'game worker threads (default: THEATER_GAME_WORKERS, else 2 on two or three cores, one less than the cores from four)')
    .action(async (o: { port?: string; host?: string; db?: string; databaseUrl?: string; aiWorkers: string; gameWorkers?: string }) => {
      const { startServer } = await import('../server/index.ts');
      const { defaultGameWorkers } = await import('../server/game-workers.ts');
      const env = process.env.THEATER_GAME_WORKERS;
      const gameWorkers = o.gameWorkers !== undefined ? parseIntArg('--game-workers', o.gameWorkers)
        : env !== undefined ? parseIntArg('THEATER_GAME_WORKERS', env) : defaultGameWorkers();
      const server = await startServer({
        port: o.port !== undefined ? parseIntArg('--port', o.port) : undefined,
        host: o.host, db: o.db, databaseUrl: o.databaseUrl, aiWorkers: parseIntArg('--ai-workers', o.aiWorkers), gameWorkers,
        log: (m) => process.stdout.write(`${m}\n`),
      });
      process.stdout.write(`Theater is serving at ${server.url}\n`);
      const stop = () => {
        void server.close().then(() => process.exit(0));
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
      await new Promise(() => undefined);
    });

  program
    .command('verify')
    .description('check that every die of a finished game follows from its revealed seed, the commitment published at creation and every seat\'s contribution; say what was proven')
    .argument('<log>', 'game log file (JSON)')
    .option('--commitment <hex>', 'the seed commitment shown when the game was created; the log must carry it and its seed must hash to it')
    .option('--json', 'print the report as JSON')
    .action(async (file: string, o: { json?: boolean; commitment?: string }) => {
      const { verifyLog, formatVerifyReport } = await import('../server/index.ts');
      const report = verifyLog(readJsonFile(file), { commitment: o.commitment });
      process.stdout.write(o.json ? JSON.stringify(report, null, 1) + '\n' : formatVerifyReport(report) + '\n');
      if (!report.ok) process.exitCode = 1;
    });

  const map = program.command('map').description('map tools');
  map
    .command('render')
    .description('render a rule set\'s map (hexes: terrain, borders, rivers, cities, hex ids; areas: shaded areas, names) to PNG or SVG for review')
    .argument('<ruleset>', 'rule set id, e.g. 2ww, or one map of a rule set with several, e.g. bkg/europe')
    .requiredOption('--out <file>', 'output file (.png or .svg)')
    .action(async (ruleset: string, o: { out: string }) => {
      if (!/\.(png|svg)$/i.test(o.out)) throw new CliError(`--out must end in .png or .svg, not "${o.out}"`);
      const { renderMap } = await import('../../tools/map/render.ts');
      await renderMap(ruleset, o.out);
      process.stdout.write(`wrote ${o.out}\n`);
    });
  map
    .command('build')
    .description('regenerate a rule set\'s map JSON from its src/rulesets/<id>/map.config.ts or maps/<map>.config.ts (geography, control points, hand layers; docs/data/area-maps.md)')
    .argument('<ruleset>', 'rule set id, e.g. 2ww or bkg (every map), or one map, e.g. bkg/europe')
    .action(async (ruleset: string) => {
      const { spawnSync } = await import('node:child_process');
      const r = spawnSync(process.execPath, ['--import', 'tsx', 'tools/map/build.ts', ruleset], { stdio: 'inherit' });
      process.exitCode = r.status ?? 1;
    });
}
