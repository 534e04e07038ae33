// The sequence of play (2WW 4.1, 4.2) and the special rules' overviews (12.1-12.4), from a campaign played with
// every seat passing or ending (issue 20: a test named after every rule case).
import { describe, expect, it } from 'vitest';
import { allChoices, Game, type GameEvent, prompts } from '../../engine/index.ts';
import { twoWW } from './index.ts';
import { productionPoints } from './production.ts';
import { POOL, type TwoWWState } from './state.ts';
import { hexData, MAJOR_POWERS, NEUTRAL_MINORS, powerOf, sideOfUnit, worldOf } from './world.ts';
import { act, choicesOf, startAt, testPosition, testWorld } from './testing.ts';

/** Quick-setup campaign, every seat passing (or taking its first choice), through the Winter 1941 production. */
function passingCampaign(): { events: (GameEvent & { turn: number })[]; prompted: { turn: number; seat: string; rule: string }[]; game: Game<TwoWWState> } {
  const g = Game.create(twoWW, 'campaign-1939', { quickSetup: true }, 'sequence');
  const events: (GameEvent & { turn: number })[] = [];
  const prompted: { turn: number; seat: string; rule: string }[] = [];
  for (let n = 0; n < 400 && g.state.turn <= 6; n++) {
    const p = prompts(twoWW, g.state)[0]!;
    prompted.push({ turn: g.state.turn, seat: p.seat, rule: p.rule });
    const cs = allChoices(twoWW, g.state, p);
    const pass = cs.find((c) => /^(end|pass|done|no|skip|stop)/.test(String(c.action.type))) ?? cs[0]!;
    for (const e of g.act(p.seat, pass.action)) events.push({ ...e, turn: g.state.turn });
  }
  return { events, prompted, game: g };
}

describe('2WW 4 sequence of play', () => {
  const run = passingCampaign();
  const rulesOf = (turn: number) => run.events.filter((e) => e.turn === turn && e.rule).map((e) => e.rule!);
  const first = (turn: number, rule: string) => rulesOf(turn).indexOf(rule);

  it('2WW 4.1 each turn: strategic warfare, production, the Axis turn, the Allied turn, Armored Action; the first turn skips A and B', () => {
    expect(rulesOf(1).filter((r) => /^2WW (6\.1|4\.2 B)/.test(r))).toEqual([]);
    for (const t of [2, 3, 4, 5]) {
      const order = [first(t, '2WW 6.1'), first(t, '2WW 4.2 B.2'), first(t, '2WW 4.2 C.1'), first(t, '2WW 8'), rulesOf(t).lastIndexOf('2WW 4.2 C.1'), first(t, '2WW 10.1')];
      expect(order.every((x) => x >= 0)).toBe(true);
      expect([...order].sort((a, b) => a - b)).toEqual(order);
    }
  });

  it('2WW 4.2 A.1 the Iraq rebellion roll comes first in strategic warfare, from Winter 1941 only', () => {
    for (const t of [2, 3, 4, 5]) expect(rulesOf(t)).not.toContain('2WW 12.5');
    const roll = run.events.find((e) => e.turn === 6 && e.rule === '2WW 12.5' && e.roll);
    expect(roll?.roll).toMatchObject({ sides: 6, count: 1 });
    expect(first(6, '2WW 12.5')).toBeLessThan(first(6, '2WW 6.1'));
  });

  it('2WW 4.2 A.2 city bombing, begun by the Axis, ends when both sides pass in succession; then production', () => {
    const bombing = run.prompted.filter((p) => p.turn === 3 && p.rule.startsWith('2WW 6.1')).map((p) => p.seat);
    expect(bombing).toEqual(['axis', 'allies']);
    expect(first(3, '2WW 6.1')).toBeLessThan(first(3, '2WW 4.2 B.2'));
  });

  it('2WW 4.2 B.1 units due this turn join the force pool (the British naval air in Autumn 1940)', () => {
    const joined = run.events.filter((e) => e.rule === '2WW 4.2 B.1').map((e) => `${e.turn} ${e.text}`);
    expect(joined).toContain('5 gb-air-naval joins the force pool');
    expect(run.game.state.units['gb-air-naval']!.where).toBe(POOL);
  });

  it('2WW 4.2 B.2 the points counted: Axis minors get their point each Winter only', () => {
    const counted = (t: number) => run.events.find((e) => e.turn === t && e.rule === '2WW 4.2 B.2')!.text;
    expect(counted(2)).toMatch(/fi 1, hu 1, ru 1, bg 1/);
    expect(counted(3)).not.toMatch(/fi 1|hu 1/);
  });

  it('2WW 4.2 B.3 each side spends its points after counting, before the Axis player turn', () => {
    const t = run.prompted.filter((p) => p.turn === 3);
    const spend = t.findIndex((p) => /^2WW 7/.test(p.rule));
    expect(spend).toBeGreaterThanOrEqual(0);
    expect(t.findIndex((p) => p.rule === '2WW 8')).toBeGreaterThan(spend);
  });

  it('2WW 4.2 C.2 the Axis moves in its player turn, then the Allies in theirs', () => {
    expect(run.prompted.filter((p) => p.turn === 3 && p.rule === '2WW 8').map((p) => p.seat)).toEqual(['axis', 'allies']);
  });
});

describe('2WW 4.2 G unnamed forts', () => {
  it('each fort a side may remove is named with its hex, so that two forts are told apart', () => {
    const g = Game.create(twoWW, 'campaign-1939', { quickSetup: true }, 'forts');
    let p = prompts(twoWW, g.state)[0]!;
    for (let n = 0; n < 100 && p.kind !== 'remove-fort'; n++) {
      g.act(p.seat, (p.choices.at(-1) ?? allChoices(twoWW, g.state, p).at(-1)!).action);
      p = prompts(twoWW, g.state)[0]!;
    }
    const removals = p.choices.filter((c) => c.action.type === 'remove-fort');
    expect(removals.length).toBeGreaterThan(1);
    for (const c of removals) expect(c.label).toBe(`Remove GE fort at ${g.state.units[String(c.action.unit)]!.where}`);
    expect(new Set(removals.map((c) => c.label)).size).toBe(removals.length);
  });

  it('2WW 7.3 so is each unit Germany may upgrade (the two forts told apart by their hexes)', () => {
    const g = Game.create(twoWW, 'campaign-1939', { quickSetup: true }, 'forts');
    let p = prompts(twoWW, g.state)[0]!;
    for (let n = 0; n < 200 && !(p.kind === 'produce' && p.text.startsWith('Germany:')); n++) {
      g.act(p.seat, (p.choices.at(-1) ?? allChoices(twoWW, g.state, p).at(-1)!).action);
      p = prompts(twoWW, g.state)[0]!;
    }
    const upgrades = p.choices.filter((c) => c.action.type === 'upgrade').map((c) => c.label);
    expect(upgrades).toEqual(['Upgrade Kriegsmarine at 2105 Stettin (3)', 'Upgrade GE fort at 1907 Cologne (1)', 'Upgrade GE fort at 1908 (1)', 'Upgrade GE 1st submarine fleet at 1905 Kiel (2)']);
  });
});

describe('2WW 4.2 C.1, 3.3.2, 6.1.5 Ops Complete', () => {
  const w = testWorld({ id: 'ops-complete', cols: [1, 6], rows: [1, 3], country: 'ge', countries: { gb: ['0501', '0502', '0503', '0601', '0602', '0603'] } });

  it('2WW 4.2 C.1 a player turn begins by removing its own side\'s Ops Complete markers only', () => {
    const s = startAt(testPosition(w, { turn: 8, units: { 'ge-air-1': { where: '0101', ops: true }, 'gb-air-raf1': { where: '0601', ops: true } } }), [{ proc: 'player-turn', side: 'axis' }]);
    expect(s.units['ge-air-1']!.ops).toBe(false);
    expect(s.units['gb-air-raf1']!.ops).toBe(true);
  });

  it('2WW 3.3.2 an air unit strikes only hexes in its ZOC, from its base, and flies one such mission a turn', () => {
    let s = startAt(testPosition(w, { turn: 8, units: { 'ge-air-1': '0201', 'gb-air-raf1': '0402', 'gb-air-bomber': '0603' } }), [{ proc: 'combat-phase', side: 'axis' }], 'ops', [1, 2, 6, 6]);
    const strikes = () => choicesOf(s, 'axis').filter((a) => a.mode === 'strike').map((a) => a.hex);
    expect(strikes()).toEqual(['0402']); // 0603 is 4 hexes away, beyond the range-3 ZOC
    s = act(s, 'axis', { type: 'attack', mode: 'strike', hex: '0402' });
    s = act(s, 'axis', { type: 'add', unit: 'ge-air-1', role: 'attacker' });
    s = act(s, 'axis', { type: 'confirm' });
    if (prompts(twoWW, s)[0]?.seat === 'allies') s = act(s, 'allies', { type: 'confirm' }); // no defensive support
    expect(s.units['ge-air-1']).toMatchObject({ where: '0201', ops: true });
    expect(strikes()).toEqual([]);
  });
});

describe('2WW 6.1.5 strategic warfare once a turn', () => {
  const w = testWorld({
    id: 'sw-once', cols: [26, 31], rows: [1, 5], country: 'su', countries: { ge: ['2601', '2602', '2603', '2604', '2605'] },
    cities: { '2903': 'Moscow', '2803': 'Smolensk' }, production: ['2903', '2803'], capitals: { '2903': 'su' },
  });

  it('2WW 6.1.5 a bomber bombs once a turn and gets no Ops Complete marker for it', () => {
    let s = startAt(testPosition(w, { turn: 12, units: { 'ge-air-1': '2602' }, politics: { ussrNeutral: false } }), [{ proc: 'strategic-warfare' }], 'once', [1, 1]);
    expect(choicesOf(s, 'axis')).toEqual([{ type: 'bomb', city: '2803' }, { type: 'bomb', city: '2903' }, { type: 'pass' }]);
    s = act(s, 'axis', { type: 'bomb', city: '2903' });
    s = act(s, 'axis', { type: 'add', unit: 'ge-air-1' });
    s = act(s, 'axis', { type: 'confirm' });
    for (let p = prompts(twoWW, s)[0]; p && p.rule.startsWith('2WW 6.1') && p.seat === 'allies'; p = prompts(twoWW, s)[0]) s = act(s, 'allies', choicesOf(s, 'allies').find((a) => /confirm|pass/.test(String(a.type)))!);
    expect(s.units['ge-air-1']).toMatchObject({ where: '2602', ops: false, strategicUsed: true });
    // Smolensk is still in its ZOC, but the bomber has bombed this turn: city bombing is over.
    expect(prompts(twoWW, s).map((p) => p.rule)).toEqual(['2WW 12.3']);
  });
});

describe('2WW 12 special rules: the sections', () => {
  // A copy the tests may change (states the kernel settles are frozen: 2WW copies on write).
  const s0 = () => structuredClone(Game.create(twoWW, 'campaign-1939', { quickSetup: true }, 'special').state);

  it('2WW 3.4 definitions on the campaign map: six major powers, capitals (three Soviet, none for the US), neutrals that never move', () => {
    const s = s0();
    const w = worldOf(s);
    const capitals: Record<string, number> = {};
    for (let n = 0; n < w.board.hexCount; n++) {
      const c = hexData(w, n)?.capitalOf;
      if (c && (MAJOR_POWERS as readonly string[]).includes(c)) capitals[c] = (capitals[c] ?? 0) + 1;
    }
    expect(capitals).toEqual({ fr: 1, gb: 1, su: 3, ge: 1, it: 1 });
    const moved = new Set(choicesOf(s, 'axis').map((a) => String(a.unit ?? '').split('-')[0]));
    for (const neutral of NEUTRAL_MINORS) expect(moved.has(neutral)).toBe(false);
    expect(moved.has('ge')).toBe(true);
  });

  it('2WW 12.1 Italy and the Axis minors start under Axis control: the Axis moves neutral Italy\'s units', () => {
    const s = s0();
    expect(s.politics.italyNeutral).toBe(true);
    for (const c of ['it', 'fi', 'hu', 'ru', 'bg']) expect(s.countries[c]!.controller).toBe('axis');
    expect(choicesOf(s, 'axis').some((a) => typeof a.unit === 'string' && a.unit.startsWith('it-'))).toBe(true);
  });

  it('2WW 12.2 France falls with Paris: Vichy is neutral, its forces start anew, the Free French armor is British', () => {
    const w = testWorld({
      id: 'vichy-overview', cols: [1, 4], rows: [1, 3], country: 'ge',
      countries: { fr: ['0301', '0302', '0303', '0401', '0402', '0403'] }, capitals: { '0401': 'fr' }, cities: { '0401': 'Paris' },
    });
    let s = startAt(testPosition(w, { turn: 5, units: { 'ge-inf-1': '0301', 'fr-inf-2': '0403' }, control: { '0401': 'allies' } }), [{ proc: 'movement-phase', side: 'axis' }]);
    expect(s.politics.vichy).toBe('none');
    s = act(s, 'axis', { type: 'move', unit: 'ge-inf-1', to: '0401' });
    expect([s.countries.fr!.status, s.politics.vichy, s.units['fr-inf-2']!.where]).toEqual(['conquered', 'neutral', 'removed']);
    expect(powerOf(s, 'fr-arm-ff1')).toBe('gb');
    expect(sideOfUnit(s, 'fr-arm-ff1')).toBe('allies');
  });

  it('2WW 12.3 the US\'s 10 points: Lend-Lease to Britain, the rest discarded until the US enters the war', () => {
    const s = s0();
    s.turn = 5;
    s.production.lendLease = { gb: 2, su: 0 };
    const pts = productionPoints(s);
    expect(pts.gb!.parts.find((p) => p.source === 'lend-lease')?.points).toBe(2);
    expect(pts.us).toBeUndefined();
    s.politics.usEntered = true;
    expect(productionPoints(s).us!.total).toBe(8);
  });

  it('2WW 12.4 the neutral USSR: no Soviet move, and 2 points for upgrades only from 1941', () => {
    const s = s0();
    expect(s.politics.ussrNeutral).toBe(true);
    expect(choicesOf(s, 'axis').some((a) => typeof a.unit === 'string' && a.unit.startsWith('su-'))).toBe(false);
    s.turn = 5;
    expect(productionPoints(s).su).toBeUndefined();
    s.turn = 6;
    expect(productionPoints(s).su).toMatchObject({ total: 2, upgradesOnly: true });
  });
});
