// An AI worker thread: rebuilds each game from its log (cached, growing entry by entry) and asks the AI for the
// seat's move, handing it the seat's view and prompt only.
import { parentPort } from 'node:worker_threads';
import { Game, type LogEntry } from '../engine/game.ts';
import { promptFor, viewFor } from '../engine/kernel.ts';
import { getRuleset } from '../rulesets/index.ts';
import { applyEntry } from './fair-dice.ts';
import { chooseAction } from './ai-dispatch.ts';
import type { AiJobMessage, AiReplyMessage } from './ai-pool.ts';

const MAX_CACHED = 500;
const cache = new Map<string, Game<any>>();

function gameFor(msg: AiJobMessage): Game<any> | null {
  let g = cache.get(msg.gameId);
  if (g && g.entries.length !== msg.from) g = undefined;
  if (!g) {
    if (msg.from !== 0 || !msg.header) return null;
    const h = msg.header;
    g = Game.create(getRuleset(h.ruleset), h.scenario, h.options, h.seed, h.position);
  }
  for (const e of msg.entries as LogEntry[]) {
    applyEntry(g, e);
    const h = g.entries[g.entries.length - 1]!.hash;
    if (h !== e.hash) throw new Error(`AI worker: game ${msg.gameId} diverged at entry ${g.entries.length - 1}`);
  }
  cache.delete(msg.gameId);
  cache.set(msg.gameId, g);
  if (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value!);
  return g;
}

parentPort!.on('message', (msg: AiJobMessage) => {
  void (async (): Promise<AiReplyMessage> => {
    try {
      const g = gameFor(msg);
      if (!g) return { id: msg.id, resync: true };
      const prompt = promptFor(g.ruleset, g.state, msg.seat);
      if (!prompt) return { id: msg.id, error: `${msg.seat} has no decision to make at entry ${g.entries.length}` };
      const view = viewFor(g.ruleset, g.state, msg.seat);
      const req: Parameters<typeof chooseAction>[0] = { ruleset: g.ruleset.id, seat: msg.seat, level: msg.level, view, prompt, seed: msg.seed };
      if (msg.budgetMs !== undefined) req.budgetMs = msg.budgetMs;
      const r = await chooseAction(req);
      return { id: msg.id, action: r.action, explanation: r.explanation };
    } catch (e) {
      cache.delete(msg.gameId);
      return { id: msg.id, error: (e as Error).message };
    }
  })().then((reply) => parentPort!.postMessage(reply));
});
