import { describe, expect, it } from 'vitest';
import { allChoices, applyAction, createRng, nextInt, prompts, setupGame, type Json } from '../../../engine/index.ts';
import { aae } from '../index.ts';
import { positionOfState, validatePosition } from '../positions.ts';
import type { AaeState } from '../state.ts';
import { editable, moveUnit, positionBoard, problemsByUnit, setControl } from '../../../web/editor/editor-model.ts';
import type { Assets } from '../../../web/map/board-model.ts';

/** The state as canonical JSON (keys sorted), its action count left out. */
const strip = (s: AaeState) => JSON.stringify({ ...s, seq: 0 }, (_k, v) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1))) : v));

function randomPlay(s: AaeState, n: number, seed: string): { state: AaeState; actions: { seat: string; action: unknown }[] } {
  const rnd = createRng(seed);
  const actions: { seat: string; action: unknown }[] = [];
  for (let i = 0; i < n && !s.outcome; i++) {
    const p = prompts(aae, s)[0]!;
    const all = allChoices(aae, s, p);
    const a = all[nextInt(rnd, all.length)]!.action;
    actions.push({ seat: p.seat, action: a });
    s = applyAction(aae, s, p.seat, a).state;
  }
  return { state: s, actions };
}

describe('aae positions', () => {
  it('a position written anywhere in a game reloads to the same state and plays on identically', () => {
    let s = setupGame(aae, 'spring-1941', { houseRules: true }, 'pos').state as AaeState;
    for (const step of [30, 60]) {
      s = randomPlay(s, step, `walk-${step}`).state;
      const pos = JSON.parse(JSON.stringify(positionOfState(s))) as Json;
      expect(validatePosition(pos)).toEqual([]);
      const t = setupGame(aae, 'spring-1941', {}, 'other-seed', pos).state as AaeState;
      expect(strip(t)).toBe(strip(s));
      const a = randomPlay(s, 12, `on-${step}`);
      const b = randomPlay(t, 12, `on-${step}`);
      expect(b.actions).toEqual(a.actions);
      expect(strip(b.state)).toBe(strip(a.state));
    }
  });

  it('a hand-written position starts at the named phase', () => {
    const pos = {
      format: 'theater-position', version: 1, ruleset: 'aae', round: 2, power: 'ussr', phase: 'combat-move',
      units: [{ type: 'infantry', power: 'ussr', at: 'belorussia', count: 3 }, { type: 'infantry', power: 'germany', at: 'east-poland' }],
      control: { 'east-poland': 'germany' }, ipcs: { ussr: 10 },
    };
    const s = setupGame(aae, 'spring-1941', {}, 'x', pos as unknown as Json).state as AaeState;
    expect(s.units.map((u) => u.id)).toEqual(['u1', 'u2', 'u3', 'u4']);
    expect(prompts(aae, s)[0]!.rule).toBe('AAE Combat Move');
    expect(s.round).toBe(2);
  });

  it('a broken position names the field and the rule', () => {
    const base = { format: 'theater-position', version: 1, ruleset: 'aae', round: 1, power: 'germany', phase: 'purchase' };
    const problems = (units: unknown[], extra = {}) => validatePosition({ ...base, units, ...extra } as unknown as Json).map((p) => `${p.field}: ${p.message}`);
    expect(problems([{ type: 'infantry', power: 'germany', at: 'atlantis' }])).toEqual(['units[0].at: "atlantis" is no territory or sea zone of the map']);
    expect(problems([{ type: 'infantry', power: 'germany', at: 'switzerland' }])).toEqual(['units[0].at: AAE Neutral Territories: no unit may be in Switzerland']);
    expect(problems([{ type: 'battleship', power: 'uk', at: 'france' }])).toEqual(['units[0].at: a battleship must be in a sea zone, not in France']);
    expect(problems([{ type: 'infantry', power: 'uk', at: 'north-sea' }])).toEqual(['units[0].at: a infantry at sea (North Sea) must be aboard a transport']);
    expect(problems([{ id: 't', type: 'transport', power: 'uk', at: 'north-sea' }, { type: 'armour', power: 'uk', at: 'north-sea', aboard: 't' }, { type: 'infantry', power: 'uk', at: 'north-sea', aboard: 't' }]))
      .toEqual(['units: AAE Transports: transport t in north-sea carries more than one tank or two other units']);
    expect(problems([], { control: { sweden: 'germany' } })).toEqual(['control.sweden: AAE Neutral Territories: Sweden stays neutral']);
    expect(problems([{ type: 'tank', power: 'germany', at: 'poland' }])[0]).toMatch(/^units\[0\]\.type: /);
  });

  it('the position editor (src/web/editor) edits an aae position: a problem lands on its unit, the edit plays', () => {
    const start = editable(JSON.parse(JSON.stringify(positionOfState(setupGame(aae, 'spring-1941', { bid: false }, 'ed').state as AaeState))) as Json);
    expect(start.stack).toBeUndefined();
    expect(validatePosition(start as unknown as Json)).toEqual([]);
    const inf = start.units.find((x) => x.type === 'infantry' && x.power === 'germany')!.id;
    const bad = moveUnit(start, inf, 'switzerland');
    const probs = validatePosition(bad as unknown as Json);
    expect(probs.map((x) => x.message)).toEqual(['AAE Neutral Territories: no unit may be in Switzerland']);
    expect([...problemsByUnit(bad, probs).keys()]).toEqual([inf]);
    const good = setControl(moveUnit(bad, inf, 'egypt'), 'egypt', 'germany');
    expect(validatePosition(good as unknown as Json)).toEqual([]);
    const s = setupGame(aae, 'spring-1941', {}, 'ed', good as unknown as Json).state as AaeState;
    expect(s.units.find((x) => x.id === inf)!.at).toBe('egypt');
    expect(s.control.egypt).toBe('germany');
    expect(prompts(aae, s)[0]!.seat).toBe('germany');
    const board = positionBoard(good, (aae.assets!() as unknown as Assets).counters);
    expect(board.pieces.filter((x) => x.where === 'egypt').map((x) => x.id)).toContain(inf);
  });
});
