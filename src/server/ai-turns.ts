// AI seats: when an AI seat has a decision, its job goes to the AI worker pool, and its answer goes through the action
// pipeline like a player's (a stale answer is asked again).
import type { Json } from '../engine/types.ts';
import type { AiJob } from './ai-pool.ts';
import { AiTimeoutError } from './ai-pool.ts';
import { ApiError } from './errors.ts';
import type { GameManager } from './games.ts';
import { isFinished, type Live } from './live-games.ts';

export class AiTurns {
  constructor(private readonly m: GameManager) {}

  /** Start a job for every AI seat that has a decision now and none under way. */
  schedule(live: Live): void {
    const ai = this.m.ai;
    if (!ai || this.m.closed || isFinished(live)) return;
    for (const seat of this.m.games.toMove(live)) {
      const rec = live.seats.find((s) => s.seat === seat);
      if (!rec || rec.kind !== 'ai' || live.aiBusy.has(seat)) continue;
      live.aiBusy.add(seat);
      const gameId = live.rec.id;
      const stateId = live.rec.entryCount;
      const job: AiJob = {
        gameId, ruleset: live.rec.ruleset, state: live.game.state as unknown as Json, seat, level: rec.level ?? 1,
        // An imported game's log seed is the importer's: the server's own seed keeps the AI's choices unforeseeable.
        seed: `${live.rec.dice?.serverSeed ?? live.rec.seed}:ai:${seat}:${stateId}`, budgetMs: this.m.aiBudgetMs,
      };
      const run = ai.choose(job).catch((e: Error) => {
        if (!(e instanceof AiTimeoutError) || this.m.closed) throw e;
        // The AI overran its hard limit: the easiest level answers instead, with a quarter of the budget.
        this.m.log(`${e.message}; answering at the easiest level`);
        return ai.choose({ ...job, level: 0, budgetMs: Math.floor(this.m.aiBudgetMs / 4) });
      }).then(async (r) => {
        live.aiBusy.delete(seat);
        if (this.m.closed) return;
        try {
          await this.m.pipeline.actAs(gameId, (l) => l.seats.find((s) => s.seat === seat)!, stateId, r.action);
        } catch (e) {
          if (e instanceof ApiError && e.body.error === 'stale') {
            const cur = this.m.games.get(gameId);
            if (cur) this.schedule(cur);
          } else if (!(e instanceof ApiError && e.body.rule === 'game over')) {
            this.m.internal(`AI ${seat} in game ${gameId}`, e);
          }
        }
      }, (e: Error) => {
        live.aiBusy.delete(seat);
        if (this.m.closed) return;
        // Out of time even at the easiest level: an overloaded machine, not a bug.
        if (e instanceof AiTimeoutError) this.m.log(e.message);
        else this.m.internal(`AI ${seat} in game ${gameId}`, e);
      });
      this.m.track(run);
    }
  }

  /** After a restart: load running games with AI seats, so an AI whose turn it was plays on. */
  async resumeAiGames(): Promise<number> {
    const ids = (await this.m.storage.runningAiGames()).filter(this.m.owns);
    for (const id of ids) {
      try {
        await this.m.games.load(id);
      } catch (e) {
        this.m.internal(`resuming game ${id}`, e);
      }
    }
    return ids.length;
  }
}
