// House rules l.215 (round the Cape, `hr-cape`): the South Africa box off the map, 2 movement from the South Atlantic
// and 2 more to the Red Sea; ruling 70 (who may sail which leg).
import { describe, expect, it } from 'vitest';
import type { AaeState } from '../state.ts';
import { aaeRig, position, u, type UnitSpec } from '../testing.ts';

const on = (...ids: string[]) => Object.fromEntries(ids.map((id) => [`hr-${id}`, true]));
const CAPE = on('regions', 'cape');

function reach(units: UnitSpec[], who: RegExp, options: Record<string, boolean> = CAPE, control: Record<string, 'germany' | 'uk'> = {}) {
  const rig = aaeRig();
  const s: AaeState = rig.start(position({ units, options, control }), 'noncombat-move', units[0]!.power);
  return rig.choices(s).filter((c) => who.test(c.label) && c.action.type === 'move' && (c.action.units as string[]).length === 1)
    .map((c) => c.action.to as string).sort();
}

describe('house rules l.215: round the Cape', () => {
  it('a British destroyer reaches the South Africa box from the South Atlantic for its 2 movement; not without the switch', () => {
    const units = [u('uk', 'destroyer', 'south-atlantic'), u('germany', 'infantry', 'germany')];
    expect(reach(units, /^destroyer/)).toContain('south-africa');
    expect(reach(units, /^destroyer/, on('regions'))).not.toContain('south-africa');
    // Two legs of 2 do not fit in one move of 2: the Red Sea is a turn further.
    expect(reach(units, /^destroyer/)).not.toContain('red-sea');
  });

  it('from the box: back to the South Atlantic or on to the Red Sea; with ships moving 3 (l.105), through Suez too', () => {
    const units = [u('uk', 'destroyer', 'south-africa'), u('germany', 'infantry', 'germany')];
    expect(reach(units, /^destroyer/)).toEqual(['red-sea', 'south-atlantic']);
    expect(reach(units, /^destroyer/, { ...CAPE, ...on('naval-move') })).toEqual([
      'azores-sea', 'british-convoy-1', 'central-atlantic', 'eastern-mediterranean', 'red-sea', 'south-atlantic', 'strait-of-gibraltar',
    ]);
  });

  it('Suez is shut to a British ship in the Red Sea while the Axis hold Egypt', () => {
    const units = [u('uk', 'destroyer', 'red-sea'), u('germany', 'infantry', 'germany')];
    expect(reach(units, /^destroyer/)).toEqual(['aegean-sea', 'central-mediterranean', 'eastern-mediterranean', 'south-africa']);
    expect(reach(units, /^destroyer/, CAPE, { egypt: 'germany' })).toEqual(['south-africa']);
  });

  it('German submarines may enter the box but not go on to the Red Sea; American ships and aircraft never', () => {
    expect(reach([u('germany', 'submarine', 'south-atlantic'), u('uk', 'infantry', 'united-kingdom')], /^submarine/)).toContain('south-africa');
    expect(reach([u('germany', 'submarine', 'south-africa'), u('uk', 'infantry', 'united-kingdom')], /^submarine/)).toEqual(['south-atlantic']);
    expect(reach([u('germany', 'destroyer', 'south-atlantic'), u('uk', 'infantry', 'united-kingdom')], /^destroyer/)).not.toContain('south-africa');
    expect(reach([u('usa', 'destroyer', 'south-atlantic'), u('germany', 'infantry', 'germany')], /^destroyer/)).not.toContain('south-africa');
    expect(reach([u('uk', 'bomber', 'egypt'), u('germany', 'infantry', 'germany')], /^bomber/)).not.toContain('south-africa');
  });

  it('a transport carries its cargo round the Cape; it spends its whole move', () => {
    const rig = aaeRig();
    let s = rig.start(position({ units: [u('uk', 'transport', 'south-atlantic'), u('uk', 'infantry', 'south-atlantic', 1, { aboard: 'u1' }), u('germany', 'infantry', 'germany')], options: CAPE }), 'noncombat-move', 'uk');
    s = rig.play(s, 'uk', rig.pick(s, /^transport.*South Africa/));
    expect(s.units.filter((x) => x.power === 'uk').map((x) => [x.type, x.at, x.spent ?? 0])).toEqual([['transport', 'south-africa', 2], ['infantry', 'south-africa', 0]]);
  });

  it('a British destroyer attacks a German submarine in the box and may retreat the way it came (ruling 70)', () => {
    const rig = aaeRig();
    let s = rig.start(position({ units: [u('uk', 'destroyer', 'south-atlantic'), u('germany', 'submarine', 'south-africa')], options: CAPE }), 'combat-move', 'uk');
    s = rig.play(s, 'uk', rig.pick(s, /^destroyer.*attack South Africa/));
    s = rig.play(s, 'uk', rig.pick(s, /end the combat move/));
    s = rig.play(rig.force(s, [6, 6]), 'uk', rig.pick(s, /sea battle in South Africa/));
    s = rig.play(s, 'germany', rig.pick(s, /^fight$/));
    expect(rig.log()).toContain('United Kingdom scores 0 hits in South Africa (off the map)');
    s = rig.play(s, 'uk', rig.pick(s, /retreat to South Atlantic/));
    expect(s.units.map((x) => [x.power, x.type, x.at])).toEqual([['uk', 'destroyer', 'south-atlantic'], ['germany', 'submarine', 'south-africa']]);
  });
});
