// Conquest (40.0-40.2) on scenario 5's map: the Germans take Oslo, Norway's one city resource hex.
import { describe, expect, it } from 'vitest';
import { controller, dist, landMap, theatreOf } from './land.ts';
import { act, choicesFor, germansInKiel, playUntil } from './testing.ts';

const OSLO = 'W4725', NEXT_TO_OSLO = 'W4724';

describe('ETO 40.1-40.2 effects of conquest', () => {
  it('40.1: Norway falls with Oslo; its units leave the map, its hexes turn German but where British infantry stands; 40.2: an 11 gives the Germans its destroyers', () => {
    const g = germansInKiel('conquest');
    act(g, 'axis', { type: 'invade', nation: 'norway' });
    while (g.state.stack[g.state.stack.length - 1]!.proc === 'set-up') g.act('allies', choicesFor(g.state, 'allies')[0]!.action);
    const l = g.state.land!;
    // The Norwegians stand far from Oslo, a British infantry in Norway too; a German infantry next to Oslo.
    const far = Object.entries(landMap(theatreOf(l)).hexes).filter(([h, x]) => x.country === 'norway' && dist(h, OSLO) > 4).map(([h]) => h).sort();
    const norwegians = Object.values(l.units).filter((u) => u.nation === 'norway');
    norwegians.forEach((u, i) => Object.assign(u, { where: 'map', hex: far[i] }));
    const british = far[norwegians.length]!;
    Object.assign(l.units['uk-inf-1']!, { where: 'map', hex: british });
    Object.assign(l.units['de-inf-1']!, { where: 'map', hex: NEXT_TO_OSLO });
    l.control[NEXT_TO_OSLO] = 'axis';
    const dd = g.state.ships['no-dd-1']!;
    expect(dd.space).not.toBe('');
    playUntil(g, 'axis', (c) => c.action.type === 'move' && c.action.unit === 'de-inf-1' && c.action.to === OSLO, true);
    g.force([5, 6]);
    act(g, 'axis', { type: 'move', unit: 'de-inf-1', to: OSLO });
    const after = g.state.land!;
    expect(after.conquered).toEqual(['norway']);
    expect(Object.values(after.units).filter((u) => u.nation === 'norway' && u.where !== 'removed')).toEqual([]);
    expect(after.air['no-fb']!.where).toBe('removed');
    const norway = Object.keys(landMap(theatreOf(after)).hexes).filter((h) => landMap(theatreOf(after)).hexes[h]!.country === 'norway');
    expect(norway.filter((h) => controller(after, h) !== 'axis')).toEqual([british]);
    expect([g.state.ships['no-dd-1']!.side, g.state.ships['no-dd-1']!.sunk]).toEqual(['axis', false]);
  });
});
