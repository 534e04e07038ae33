import { describe, expect, it } from 'vitest';
import { applyAction, checkAssets, fuzzGame, prompts, setupGame } from '../../../engine/index.ts';
import { SCENARIO } from '../setup.ts';
import { AAE_DATA, validateAaeData } from '../data/index.ts';
import { aae } from '../index.ts';
import { aaeRig, position, u } from '../testing.ts';

describe('aae data', () => {
  it('61 territories, 35 sea zones, 236 connections; every file valid', () => {
    const areas = AAE_DATA.map.areas;
    expect(areas.filter((a) => a.kind === 'land')).toHaveLength(61);
    expect(areas.filter((a) => a.kind === 'sea')).toHaveLength(35);
    expect(areas.filter((a) => a.marks?.includes('convoy')).map((a) => a.value)).toEqual([3, 3, 5, 5, 4, 6, 4]);
    expect(AAE_DATA.map.adjacency).toHaveLength(236);
    expect(validateAaeData()).toEqual([]);
  });

  it('a broken file names the file and the field', () => {
    const map = structuredClone(AAE_DATA.map);
    map.adjacency[3] = ['germany', 'atlantis', 'land'];
    (map.areas[0] as { value?: number }).value = -1;
    expect(validateAaeData({ 'map.json': map }).map((p) => `${p.file} ${p.field}`)).toEqual(['map.json areas[0].value']);
    const fixed = structuredClone(AAE_DATA.map);
    fixed.adjacency[3] = ['germany', 'atlantis', 'land'];
    expect(validateAaeData({ 'map.json': fixed })).toEqual([{ file: 'map.json', field: 'adjacency[3][1]', message: 'unknown area "atlantis"' }]);
  });

  it('assets conform to the board contract; the board view stacks identical units', () => {
    const a = checkAssets('aae', aae.assets!());
    expect(Object.keys(a.board.areas!)).toHaveLength(96 + 16);
    // The house rules' regional areas are marked with the option that brings them (15 drawn, South Africa a box; the
    // Gulf of Finland with the mines).
    expect(Object.entries(a.board.areas!).filter(([, x]) => x.marks?.includes('option:hr-regions')).map(([id]) => id)).toHaveLength(15);
    expect(Object.entries(a.board.areas!).filter(([, x]) => x.marks?.includes('option:hr-mines')).map(([id]) => id)).toEqual(['gulf-of-finland']);
    expect(a.board.boxes!.map((b) => b.id)).toEqual(['south-africa']);
    const s = setupGame(aae, 'spring-1941', {}, 'x').state;
    const v = aae.boardView!(s, null);
    const ge = v.pieces.find((p) => p.where === 'germany' && p.type === 'infantry')!;
    expect(ge.count).toBe(4);
    expect(v.activeSide).toBe('axis');
  });
});

describe('AAE Victory', () => {
  it('Germany holding Berlin and an Allied capital when its next turn begins wins; losing it in between does not', () => {
    const rig = aaeRig();
    const won = rig.start(position({ control: { moscow: 'germany' } }), 'start', 'germany');
    expect(won.outcome).toBeNull();
    const armed = { ...position({ control: { moscow: 'germany' } }), victoryWatch: { axis: 1 } };
    expect(rig.start(armed, 'start', 'germany').outcome?.result).toBe('Axis victory: Germany holds an Allied capital and Berlin');
    const lost = { ...position(), victoryWatch: { axis: 1 } };
    expect(rig.start(lost, 'start', 'germany').outcome).toBeNull();
  });

  it('the condition is armed after Germany\'s combat phase', () => {
    const rig = aaeRig();
    const s = rig.start(position({ units: [u('germany', 'infantry', 'germany')], control: { 'united-kingdom': 'germany' } }), 'combat', 'germany');
    expect(s.victoryWatch.axis).toBe(1);
  });

  it('Allies: Germany taken and no Allied capital in German hands, still so when the Soviet turn begins', () => {
    const rig = aaeRig();
    const armed = { ...position({ control: { germany: 'uk' } }), victoryWatch: { allies: 1 } };
    expect(rig.start(armed, 'start', 'ussr').outcome?.result).toBe('Allied victory: Germany is taken and holds no Allied capital');
  });

  it('round limit (ruling): a draw unless the Axis hold 2 victory cities or the Allies all 4', () => {
    const r = fuzzGame(aae, { scenario: 'spring-1941', seed: 'limit', options: { roundLimit: 1 }, maxActions: 5000, invariantEvery: 5 });
    expect(r.ok).toBe(true);
    expect(r.outcome?.result).toMatch(/at the round limit|victory/);
  });

  it('a random game under every house rule ends at the round limit by the draft\'s victory (l.241)', () => {
    const r = fuzzGame(aae, { scenario: 'spring-1941', seed: 'house-limit', options: { roundLimit: 1, houseRules: true }, maxActions: 5000, invariantEvery: 5 });
    expect(r.ok).toBe(true);
    expect(r.outcome?.rule).toMatch(/l\.241/);
  });
});

describe('AAE Order of Play', () => {
  it('each power\'s turn is announced in good English: "United States\' turn", "Germany\'s turn"', () => {
    const rig = aaeRig();
    const units = [u('germany', 'infantry', 'germany'), u('usa', 'infantry', 'united-states')];
    rig.start(position({ units }), 'start', 'usa');
    expect(rig.log()).toContain('United States\' turn (round 1)');
    rig.start(position({ units }), 'start', 'germany');
    expect(rig.log()).toContain('Germany\'s turn (round 1)');
  });
});

describe('aae status line (describe)', () => {
  it('names no phasing power during the special cash advance, where each power spends in turn', () => {
    let s = setupGame(aae, SCENARIO, { bid: true }, 'describe-bid').state;
    expect(prompts(aae, s)[0]!.seat).toBe('germany');
    expect(aae.describe!(s)).toBe('Round 1: special cash advance');
    // Germany done: the Soviet Union spends, and the line still names nobody's turn.
    for (let n = 0; n < 20 && prompts(aae, s)[0]!.seat === 'germany'; n++) {
      const p = prompts(aae, s)[0]!;
      const done = p.choices.find((c) => ['done', 'end-phase'].includes(c.action.type)) ?? p.choices[p.choices.length - 1]!;
      s = applyAction(aae, s, p.seat, done.action).state;
    }
    expect(prompts(aae, s)[0]!.seat).toBe('ussr');
    expect(aae.describe!(s)).toBe('Round 1: special cash advance');
  });
});

describe('aae purchase: what was bought, counted', () => {
  it('the purchase prompt and the log count the units ("13 infantry"), not name each one', () => {
    let s = setupGame(aae, SCENARIO, { bid: false }, 'tally').state;
    for (let n = 0; n < 3; n++) s = applyAction(aae, s, 'germany', { type: 'buy', unit: 'infantry' }).state;
    s = applyAction(aae, s, 'germany', { type: 'buy', unit: 'armour' }).state;
    expect(prompts(aae, s)[0]!.text).toMatch(/; bought so far: 3 infantry, 1 armour$/);
    const r = applyAction(aae, s, 'germany', { type: 'done' });
    expect(r.events.map((e) => e.text)).toContain('Germany buys 3 infantry, 1 armour');
  });
});
