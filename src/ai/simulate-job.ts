// Child process of `simulateJobs` (src/ai/simulate-jobs.ts): plays one game of a simulation and sends its summary.
import { mkdirSync, writeFileSync } from 'node:fs';
import { getRuleset } from '../rulesets/index.ts';
import { simulateGame } from './simulate.ts';
import type { GameJob, GameJobReply } from './simulate-jobs.ts';

process.once('message', (job: GameJob) => {
  let reply: GameJobReply;
  try {
    const rs = getRuleset(job.ruleset);
    const { summary, played } = simulateGame(rs, job.o, job.index);
    if (job.save) {
      mkdirSync(job.save, { recursive: true });
      writeFileSync(`${job.save}/${rs.id}-${summary.seed}.json`, JSON.stringify(played.game.toLog({ players: job.o.players as Record<string, string> }), null, 1) + '\n');
    }
    reply = { index: job.index, summary };
  } catch (e) {
    reply = { index: job.index, error: e instanceof Error ? e.stack ?? e.message : String(e) };
  }
  process.send!(reply, () => process.exit(0));
});
