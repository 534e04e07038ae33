// Child process of `simulateJobs` (src/ai/simulate-jobs.ts): plays one game of a simulation and sends its summary.
import { mkdirSync, writeFileSync } from 'node:fs';
import { getRuleset } from '../rulesets/index.ts';
import { aiAdapterFor } from './adapters.ts';
import { simulateGame } from './simulate.ts';
import type { GameJob, GameJobReply } from './simulate-jobs.ts';

process.once('message', (job: GameJob) => {
  let reply: GameJobReply;
  try {
    const rs = getRuleset(job.ruleset);
    const adapter = aiAdapterFor(rs.id);
    let turn: number | null = null;
    const onProgress = (_i: number, actions: number, state: any) => {
      if (actions % 20) return; // a look every 20 actions: the report costs a little
      const r = adapter?.report?.(state);
      if (!r || r.turn === turn) return;
      turn = r.turn;
      const milestones = Object.entries(r.milestones ?? {}).filter(([, v]) => v).map(([k]) => k);
      process.send!({ index: job.index, progress: { actions, turn: r.turn, turnLabel: r.turnLabel, milestones } } satisfies GameJobReply);
    };
    const { summary, played } = simulateGame(rs, { ...job.o, onProgress }, job.index);
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
