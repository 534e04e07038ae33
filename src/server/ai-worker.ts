// An AI worker thread: derives the seat's view and prompt from the game state it is sent and asks the AI for a move.
// The AI receives the view and prompt only.
import { parentPort } from 'node:worker_threads';
import { promptFor, viewFor } from '../engine/kernel.ts';
import type { BaseState } from '../engine/types.ts';
import { getRuleset } from '../rulesets/index.ts';
import { chooseAction, loadChooser } from './ai-dispatch.ts';
import type { AiAnswer, AiJobMessage, AiReplyMessage } from './ai-pool.ts';

parentPort!.on('message', (msg: AiJobMessage) => {
  void (async (): Promise<AiAnswer> => {
    try {
      const ruleset = getRuleset(msg.ruleset);
      const state = msg.state as unknown as BaseState;
      const prompt = promptFor(ruleset, state, msg.seat);
      if (!prompt) return { id: msg.id, error: `${msg.seat} has no decision to make at action ${state.seq}` };
      const view = viewFor(ruleset, state, msg.seat);
      const req: Parameters<typeof chooseAction>[0] = { ruleset: msg.ruleset, seat: msg.seat, level: msg.level, view, prompt, seed: msg.seed, game: msg.gameId };
      if (msg.budgetMs !== undefined) req.budgetMs = msg.budgetMs;
      const r = await chooseAction(req);
      return { id: msg.id, action: r.action, explanation: r.explanation };
    } catch (e) {
      return { id: msg.id, error: (e as Error).message };
    }
  })().then((reply) => parentPort!.postMessage(reply));
});

// Load the AI before saying so: the pool's time limits start at this message.
await loadChooser();
parentPort!.postMessage({ ready: true } satisfies AiReplyMessage);
