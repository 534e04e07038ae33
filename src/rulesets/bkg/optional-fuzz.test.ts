// Random legal play with every optional rule of advanced 9 on: the first 1,200 actions of each scenario keep every
// invariant and replay to every state hash.
import { describe, expect, it } from 'vitest';
import { Game, fuzzGame } from '../../engine/index.ts';
import { bkg } from './index.ts';
import { OPTIONAL_RULES } from './state.ts';

// 9.10 lets random alliances end a game early (alliances.test.ts plays it with every other option).
const ALL = Object.fromEntries(Object.keys(OPTIONAL_RULES).filter((id) => id !== 'nonHistoricAlliances').map((id) => [id, true]));

describe('BKG random games with every optional rule', () => {
  it.each(['basic-1939', 'advanced-1939', 'advanced-1941'])('%s: 1,200 random actions keep every invariant and replay to every state hash', (scenario) => {
    const r = fuzzGame(bkg, { scenario, options: ALL, seed: `bkg-optional-${scenario}`, maxActions: 1200, checkReplay: false });
    expect(r.failure?.kind, r.failure?.message).toBe('too-long');
    expect(r.actions).toBe(1200);
    const log = JSON.parse(JSON.stringify(r.log));
    expect(log.options).toMatchObject(ALL);
    expect(Game.load(bkg, log).seq).toBe(1200);
  }, 300_000);
});
