// AI seats: when an AI seat has a decision, its job goes to the AI worker pool, and its answer goes through the action
// pipeline like a player's (a stale answer is asked again). A seat whose job fails (past its hard limit, an error, a
// dead worker) is asked again at the easiest level, a bounded number of times; past those the random player answers
// on this thread, so an AI seat always moves.
import { chooseRandomAction, type ChooseActionResult } from '../ai/random-player.ts';
import { promptFor, viewFor } from '../engine/kernel.ts';
import type { Json, Seat } from '../engine/types.ts';
import type { AiJob } from './ai-pool.ts';
import { AiTimeoutError } from './ai-pool.ts';
import { ApiError } from './errors.ts';
import type { GameManager } from './games.ts';
import { isFinished, type Live } from './live-games.ts';

/** Times a failed decision is asked again at the easiest level. Each ends by its hard limit: no busy loop. */
export const AI_FALLBACKS = 2;

export class AiTurns {
  constructor(private readonly m: GameManager) {}

  /** Start a job for every AI seat that has a decision now and none under way. */
  schedule(live: Live): void {
    if (!this.m.ai || this.m.closed || isFinished(live)) return;
    for (const seat of this.m.games.toMove(live)) {
      const rec = live.seats.find((s) => s.seat === seat);
      if (!rec || rec.kind !== 'ai' || live.aiBusy.has(seat)) continue;
      live.aiBusy.add(seat);
      this.m.track(this.move(live, seat, rec.level ?? 1));
    }
  }

  /** Ask for the seat's decision and play it; if the game moved on meanwhile, look at it again. */
  private async move(live: Live, seat: Seat, level: number): Promise<void> {
    const gameId = live.rec.id;
    const stateId = live.rec.entryCount;
    const job: AiJob = {
      gameId, ruleset: live.rec.ruleset, state: live.game.state as unknown as Json, seat, level,
      // An imported game's log seed is the importer's: the server's own seed keeps the AI's choices unforeseeable.
      seed: `${live.rec.dice?.serverSeed ?? live.rec.seed}:ai:${seat}:${stateId}`, budgetMs: this.m.aiBudgetMs,
    };
    let r: ChooseActionResult | null;
    try {
      r = await this.decide(live, job, stateId);
    } finally {
      live.aiBusy.delete(seat);
    }
    if (this.m.closed) return;
    const cur = this.m.games.get(gameId);
    if (!r) {
      if (cur) this.schedule(cur);
      return;
    }
    try {
      await this.m.pipeline.actAs(gameId, (l) => l.seats.find((s) => s.seat === seat)!, stateId, r.action);
    } catch (e) {
      if (e instanceof ApiError && e.body.error === 'stale') {
        const now = this.m.games.get(gameId);
        if (now) this.schedule(now);
      } else if (!(e instanceof ApiError && e.body.rule === 'game over')) {
        this.m.internal(`AI ${seat} in game ${gameId}`, e);
      }
    }
  }

  /**
   * The seat's decision: from the pool at the seat's level, then at the easiest level with a quarter of the budget
   * (AI_FALLBACKS times), then from the random player here (same seed). Null when the decision is no longer asked
   * (the server closes, the game moved on or was reloaded).
   */
  private async decide(live: Live, job: AiJob, stateId: number): Promise<ChooseActionResult | null> {
    const fallback: AiJob = { ...job, level: 0, budgetMs: Math.floor(this.m.aiBudgetMs / 4) };
    const tries = [job, ...Array<AiJob>(AI_FALLBACKS).fill(fallback)];
    for (const [i, t] of tries.entries()) {
      try {
        return await this.m.ai!.choose(t);
      } catch (e) {
        if (this.m.closed) return null;
        const next = i + 1 < tries.length ? 'answering at the easiest level' : 'the random player answers';
        // Out of time: an overloaded machine, not a bug. Any other failure is one.
        if (e instanceof AiTimeoutError) this.m.log(`${e.message}; ${next}`);
        else this.m.internal(`AI ${job.seat} in game ${job.gameId} (${next})`, e);
        if (!this.stillAsked(live, job.seat, stateId)) return null;
      }
    }
    const ruleset = live.ruleset;
    const state = live.game.state;
    const r = chooseRandomAction({
      ruleset: job.ruleset, seat: job.seat, level: 0, seed: job.seed, game: job.gameId,
      view: viewFor(ruleset, state, job.seat), prompt: promptFor(ruleset, state, job.seat)!,
    });
    this.m.log(`AI for ${job.seat} in game ${job.gameId}: no answer in ${tries.length} attempts; the random player answers (${r.explanation})`);
    return r;
  }

  /** The seat still has the decision the job was for, in the game held in memory. */
  private stillAsked(live: Live, seat: Seat, stateId: number): boolean {
    return !this.m.closed && this.m.games.get(live.rec.id) === live && !isFinished(live) && live.rec.entryCount === stateId
      && this.m.games.toMove(live).includes(seat) && live.seats.some((s) => s.seat === seat && s.kind === 'ai');
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
