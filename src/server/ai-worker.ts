// An AI worker thread: derives the seat's view and prompt from the game state it is sent and asks the AI for a move.
// The AI receives the view and prompt only.
import { parentPort } from 'node:worker_threads';
import { promptFor, viewFor } from '../engine/kernel.ts';
import type { BaseState } from '../engine/types.ts';
import { getRuleset } from '../rulesets/index.ts';
import { chooseAction, normalizeLevel } from '../ai/index.ts';
import type { AiAnswer, AiJobMessage, AiReplyMessage } from './ai-pool.ts';

/** The AI's answer to one job (or why there is none). */
function answer(msg: AiJobMessage): AiAnswer {
  try {
    const ruleset = getRuleset(msg.ruleset);
    const state = msg.state as unknown as BaseState;
    const prompt = promptFor(ruleset, state, msg.seat);
    if (!prompt) return { id: msg.id, error: `${msg.seat} has no decision to make at action ${state.seq}` };
    const view = viewFor(ruleset, state, msg.seat);
    const req: Parameters<typeof chooseAction>[0] = { ruleset: msg.ruleset, seat: msg.seat, level: normalizeLevel(msg.level), view, prompt, seed: msg.seed, game: msg.gameId };
    if (msg.budgetMs !== undefined) req.budgetMs = msg.budgetMs;
    const r = chooseAction(req);
    return { id: msg.id, action: r.action, explanation: r.explanation };
  } catch (e) {
    return { id: msg.id, error: (e as Error).message };
  }
}

parentPort!.on('message', (msg: AiJobMessage) => parentPort!.postMessage(answer(msg) satisfies AiReplyMessage));

// The AI is loaded (a static import) before this says so: the pool's time limits start at this message.
parentPort!.postMessage({ ready: true } satisfies AiReplyMessage);
