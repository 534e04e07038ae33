// 15.4's escort example (A3) on scenario 2's air units: a Spitfire intercepts an Me109 escorting a bomber.
import { describe, expect, it } from 'vitest';
import { Game } from '../../engine/index.ts';
import { eto } from './index.ts';
import { type AirFight, airTargetNumber, escortBonus, targetPlan } from './land-attack.ts';

const HEX = 'W3517'; // Dover: no unit's base in these fights

function fight(spitfires: string[], targets: Record<string, string>) {
  const l = structuredClone(Game.create(eto, 'their-finest-hour', {}, 'a3').state.land!);
  for (const a of Object.values(l.air)) { a.where = 'map'; a.base = 'W3000'; }
  const f: AirFight = {
    target: HEX, side: 'axis', aborted: [], targets,
    airIn: [{ id: 'de-fighter-1', role: 'fighter' }, { id: 'de-bomber-1', role: 'bomber' }, ...spitfires.map((id) => ({ id, role: 'fighter' as const }))],
  };
  const plan = new Map([...targetPlan(l, f, 'axis', 1).plan, ...targetPlan(l, f, 'allies', 1).plan]);
  const me109 = l.air['de-fighter-1']!;
  return { plan, bonus: escortBonus(f, me109, l.air[plan.get(me109.id)!]!, plan), tn: airTargetNumber(l, f, me109, l.air[plan.get(me109.id)!]!, HEX) };
}

describe('ETO 15.4 escort bonus', () => {
  it('A3 (15.4 example): the Me109 gets +1 when the lone Spitfire attacks the bomber, none when a second Spitfire must attack it', () => {
    const one = fight(['uk-fighter-b-1'], { 'uk-fighter-b-1': 'de-bomber-1' });
    expect(one.plan.get('de-fighter-1')).toBe('uk-fighter-b-1');
    expect(one.bonus).toBe(1);
    // 15.5: with two Spitfires each German unit is attacked once, so the Me109 is under attack.
    // The Me109 goes for the Spitfire attacking the bomber, as before.
    const two = fight(['uk-fighter-b-1', 'uk-fighter-b-2'], { 'uk-fighter-b-1': 'de-bomber-1', 'de-fighter-1': 'uk-fighter-b-1' });
    expect(two.plan.get('de-fighter-1')).toBe('uk-fighter-b-1');
    expect(two.plan.get('uk-fighter-b-2')).toBe('de-fighter-1');
    expect(two.bonus).toBe(0);
    // The target number: quality 3 + strength 4 - the Spitfire's quality 2 (+1 escorting when alone).
    expect([one.tn + one.bonus, two.tn + two.bonus]).toEqual([6, 5]);
  });
});
