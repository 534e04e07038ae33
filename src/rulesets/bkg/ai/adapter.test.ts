// The BKG AI adapter: a state from a seat's view asks the same question and deals the unseen cards again, the terms
// are each side's mirror, and the planner plays legal moves through the contract (docs/ai.md).
import { describe, expect, it } from 'vitest';
import { applyAction, prompts, setupGame, viewFor } from '../../../engine/index.ts';
import { chooseAction } from '../../../ai/index.ts';
import { choiceSource } from '../../../ai/planner.ts';
import { bkg } from '../index.ts';
import { bkgAi, bkgTerms } from './adapter.ts';
import type { BkgState } from '../state.ts';

describe('BKG AI adapter', () => {
  it('advanced 7.4: the view hides the others\' cards; the determinised state keeps the seat\'s own and deals the rest from the unseen cards', () => {
    const s = setupGame(bkg, 'advanced-1941', {}, 'ai-cards').state as BkgState;
    const p = prompts(bkg, s)[0]!;
    const view = viewFor(bkg, s, p.seat);
    const d = bkgAi.stateFromView(view, p.seat, 'x');
    expect(prompts(bkg, d)[0]!.text).toBe(p.text);
    expect(d.cards.hands[p.seat as 'germany']).toEqual(s.cards.hands[p.seat as 'germany']);
    expect(d.cards.deck.length).toBe(s.cards.deck.length);
    const all = [...d.cards.deck, ...Object.values(d.cards.hands).flat().map((c) => c.id), ...d.cards.inEffect, ...d.cards.removed];
    const truth = [...s.cards.deck, ...Object.values(s.cards.hands).flat().map((c) => c.id), ...s.cards.inEffect, ...s.cards.removed];
    expect(all.includes('hidden')).toBe(false);
    expect([...all].sort()).toEqual([...truth].sort());
  });

  it('BKG 6.1 the planner starts from an attack: 3/39 Germany\'s move candidates put attacks first and the end of the movement last', () => {
    const s = setupGame(bkg, 'basic-1939', {}, 'ai-candidates').state as BkgState;
    const p = prompts(bkg, s).find((x) => x.seat === 'germany')!;
    const source = choiceSource(bkg, s, p);
    const c = bkgAi.candidates!(s, p, 'germany', source)!;
    expect(c.map((x) => x.label).sort()).toEqual(source.all().map((x) => x.label).sort());
    expect(c[0]!.label).toMatch(/\(attack\)/);
    expect(c.some((x) => x.action.type === 'move' && x.action.to === 'western-poland' && x.label.includes('(attack)'))).toBe(true);
    expect(c[c.length - 1]!.action).toEqual({ type: 'end' });
  });

  it('scores the two sides as mirrors, each term in [-1, 1]', () => {
    const s = setupGame(bkg, 'basic-1939', {}, 'ai-terms').state as BkgState;
    const ax = bkgTerms(s, 'germany'), al = bkgTerms(s, 'usa');
    for (const [k, v] of Object.entries(ax)) {
      expect(Math.abs(v), k).toBeLessThanOrEqual(1);
      expect(al[k], k).toBeCloseTo(-v, 10);
    }
    expect(bkgTerms(s, 'italy')).toEqual(ax);
  });

  it('chooses a legal action of the prompt from the seat\'s view alone, the same for the same seed', () => {
    const s = setupGame(bkg, 'basic-1939', {}, 'ai-choose').state as BkgState;
    const p = prompts(bkg, s)[0]!;
    const req = { ruleset: 'bkg', seat: p.seat, level: 'easy' as const, view: viewFor(bkg, s, p.seat), prompt: p, seed: 'k' };
    const a = chooseAction(req);
    expect(chooseAction(req).action).toEqual(a.action);
    expect(() => applyAction(bkg, s, p.seat, a.action)).not.toThrow();
    expect(a.explanation).toBeTruthy();
  });
});
