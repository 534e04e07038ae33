// Air operations of scenarios 2 and 5 with forced dice: 1.0-1.4 weather and grounding, the reconstructed Bombing
// Table against every number the text gives (21.5, ruling 52), installation bombing with its asterisk (21.5, ruling
// 53), emergency repair (34.4) and pilot recovery (34.3) in the Replenishment step (ruling 54), an attack on enemy
// air units at their base in step 4 (12.3, 15).
import { describe, expect, it } from 'vitest';
import { Game, promptFor, prompts } from '../../engine/index.ts';
import { etoData } from './data/index.ts';
import { eto } from './index.ts';
import { bombingResult, installationTarget } from './air.ts';
import { dist, notePilot } from './land.ts';
import type { EtoState } from './state.ts';
import { act, choicesFor, playUntil, editable } from './testing.ts';

const HARWICH = 'W3617'; // no British fighter is based there
const DOVER = 'W3517';

/** A new game of `scenario` whose first rolls are `dice`, set up with each side's first offered placement. */
function setUp(scenario: string, seed: string, dice: number[] = []): Game<EtoState> {
  const g = Game.create(eto, scenario, {}, seed);
  if (dice.length) g.force(dice);
  for (let p = prompts(eto, g.state)[0]; p && /\[\d\.[12]\]/.test(p.rule); p = prompts(eto, g.state)[0]) g.act(p.seat, choicesFor(g.state, p.seat as 'axis')[0]!.action);
  return g;
}

describe('ETO 1.0-1.4 weather (ruling 56)', () => {
  it('April 1940 is M: mud in the severe zone, whose air units a 9 grounds for the month; an 8 does not', () => {
    const wet = setUp('northward-strike', 'wx1', [4, 5]);
    expect([wet.state.month, wet.state.year, wet.state.weather, wet.state.grounded]).toEqual(['April', 1940, 'M', ['severe']]);
    const rolls = wet.played.flatMap((p) => p.events).filter((e) => e.rule === 'ETO 1.4');
    expect(rolls.map((e) => e.text)).toContain('Air units in the severe zone are grounded this month');
    const dry = setUp('northward-strike', 'wx2', [4, 4]);
    expect(dry.state.grounded ?? []).toEqual([]);
  });
});

describe('ETO 21.5 the Bombing Table (reconstructed, ruling 52)', () => {
  it('keeps the legible column (60-89: 2 4 7 8 8 ? 9 10 11 12 on 2-11), the column heads, rows 2-12 and 13+, results up to 18, rising with strength and roll', () => {
    const t = etoData().bombing;
    expect(t.columns).toEqual(['1-6', '7-11', '12-16', '17-24', '25-39', '40-59', '60-89', '90-119', '120+']);
    expect(t.rows).toHaveLength(12);
    expect([2, 3, 4, 5, 6, 8, 9, 10, 11].map((r) => bombingResult(60, r).result)).toEqual([2, 4, 7, 8, 8, 9, 10, 11, 12]);
    expect(bombingResult(89, 7).result).toBe(8); // the unreadable cell
    expect(bombingResult(120, 13).result).toBe(18);
    const num = (c: string): number => Number(c.replace('*', ''));
    for (let r = 0; r < 12; r++) for (let c = 0; c < 9; c++) {
      if (r) expect(num(t.rows[r]![c]!)).toBeGreaterThanOrEqual(num(t.rows[r - 1]![c]!));
      if (c) expect(num(t.rows[r]![c]!)).toBeGreaterThanOrEqual(num(t.rows[r]![c - 1]!));
    }
    // A lone 6-strength bomber reaches 1 on 6 or more, 2 on 9 or more; asterisks only on the lowest rolls.
    expect([5, 6, 8, 9].map((r) => bombingResult(6, r).result)).toEqual([0, 1, 1, 2]);
    expect(t.rows.slice(2).flat().some((c) => c.endsWith('*'))).toBe(false);
  });
});

describe('ETO 21.5 installation bombing, 34.4 repair, 34.3 pilot recovery (scenario 2)', () => {
  it('three German bombers (18) bomb Harwich: a 2 reads 1* on 17-24, enough for its 1: destroyed, the raid loses a step; the British repair it on a 4 for 2 EPs', () => {
    const g = setUp('their-finest-hour', 'tfh-bomb');
    playUntil(g, 'axis', (c) => c.action.type === 'offensive' && c.action.method === 'air');
    act(g, 'axis', { type: 'raid', air: 'de-bomber-1', to: HARWICH, kind: 'bomb' });
    for (const b of ['de-bomber-2', 'de-bomber-3']) act(g, 'axis', { type: 'raid-add', air: b });
    // 12.3: the units in the raid are not offered again (their group held nothing to choose).
    const keys = promptFor(eto, g.state, 'axis')!.groups!.map((x) => x.key);
    for (const b of ['de-bomber-1', 'de-bomber-2', 'de-bomber-3']) expect(keys).not.toContain(b);
    expect(installationTarget(g.state.land!, HARWICH)).toBe(1);
    act(g, 'axis', { type: 'raid-fly' });
    g.force([1, 1]);
    playUntil(g, 'axis', (c) => c.action.type === 'air-done', true);
    const l = g.state.land!;
    const roll = g.played.flatMap((p) => p.events).find((e) => e.rule === 'ETO 21.5' && e.data)!;
    expect(roll.data).toEqual({ strength: 18, roll: 2, result: 1, aa: true, need: 1 });
    expect(l.destroyed).toEqual([HARWICH]);
    expect(['de-bomber-1', 'de-bomber-2', 'de-bomber-3'].map((id) => l.air[id]!.depleted)).toEqual([true, false, false]);
    // The Replenishment step: 2 EPs and a 4 repair Dover.
    const eps = g.state.eps!.allies;
    playUntil(g, 'allies', (c) => c.action.type === 'repair' && c.action.hex === HARWICH, true);
    g.force([4]);
    act(g, 'allies', { type: 'repair', hex: HARWICH });
    expect([g.state.land!.destroyed, g.state.eps!.allies]).toEqual([[], eps - 2]);
  });

  it('34.3: a British fighter depleted over England is listed for pilot recovery (5 EPs rebuild it), a German bomber depleted over Dover is not', () => {
    const g = setUp('their-finest-hour', 'tfh-pilot');
    editable(g);
    const l = g.state.land!;
    const spit = Object.values(l.air).find((a) => a.side === 'allies' && a.kind === 'fighter')!;
    Object.assign(spit, { depleted: true });
    Object.assign(l.air['de-bomber-1']!, { depleted: true });
    notePilot(g.state, spit.id, DOVER);
    notePilot(g.state, 'de-bomber-1', DOVER);
    expect(l.pilots).toEqual([spit.id]);
    const eps = g.state.eps!.allies;
    playUntil(g, 'allies', (c) => c.action.type === 'recover' && c.action.air === spit.id);
    expect([g.state.land!.air[spit.id]!.depleted, g.state.eps!.allies, g.state.land!.pilots]).toEqual([false, eps - 5, []]);
  });
});

describe('ETO 12.3 attacking enemy air units at their base (scenario 2)', () => {
  it('a German fighter based nearest Dover attacks the British fighter there in step 4: the two fight (15.2-15.6), forced dice; the British pilots may be recovered (34.3)', () => {
    const g = Game.create(eto, 'their-finest-hour', {}, 'base-raid');
    for (let p = prompts(eto, g.state)[0]; p && p.kind === 'place'; p = prompts(eto, g.state)[0]) {
      const cs = choicesFor(g.state, p.seat as 'axis');
      const near = [...cs].sort((x, y) => dist(String(x.action.hex), DOVER) - dist(String(y.action.hex), DOVER))[0]!;
      g.act(p.seat, (p.seat === 'axis' ? near : cs[0]!).action);
    }
    act(g, 'axis', { type: 'first', side: 'axis' });
    expect(g.played.at(-1)!.events.map((e) => e.text)).toContain('The Axis perform the Naval and Air phase first'); // a side by name
    act(g, 'axis', { type: 'raid', air: 'de-fighter-1', to: DOVER, kind: 'attack-air' });
    act(g, 'axis', { type: 'raid-fly' });
    g.force([1, 1]);
    for (let n = 0; n < 20 && g.state.stack.some((f) => f.proc === 'air-mission'); n++) {
      const p = prompts(eto, g.state)[0]!;
      const cs = choicesFor(g.state, p.seat as 'axis');
      g.act(p.seat, (cs.find((c) => /^(no-interception|intercept-done|fight-on|no)$/.test(String(c.action.type))) ?? cs[0]!).action);
    }
    // One round, both firing at once (15.3): a 1 is within each target number; each is depleted and aborted (15.6).
    const shots = g.played.flatMap((p) => p.events).filter((e) => e.rule === 'ETO 15.3').map((e) => e.text);
    expect(shots).toEqual(['German fighter 4*-4/3 fires at British fighter 4*-5/2 (target 5): rolled 1', 'British fighter 4*-5/2 fires at German fighter 4*-4/3 (target 4): rolled 1']);
    const l = g.state.land!;
    expect([l.air['de-fighter-1']!.depleted, l.air['uk-fighter-b-1']!.depleted]).toEqual([true, true]);
    // 34.3: the British pilots, depleted over England, may be recovered at the end of the turn; the German ones not.
    expect(l.pilots).toEqual(['uk-fighter-b-1']);
  });
});
