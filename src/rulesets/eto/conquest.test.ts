// Invasion of neutral Norway (39.1-39.3) and its conquest (40.0-40.2) on scenario 5's map: the Germans take Oslo,
// Norway's one city resource hex.
import { describe, expect, it } from 'vitest';
import { allChoices, promptFor } from '../../engine/index.ts';
import { eto } from './index.ts';
import { controller, dist, landMap, theatreOf } from './land.ts';
import { act, germansInKiel, invadeNorway, playUntil, editable } from './testing.ts';

const OSLO = 'W4725', NEXT_TO_OSLO = 'W4724';

describe('ETO 39.1-39.3 invasion of a neutral minor', () => {
  it('39.2, 39.3: declared in the Naval and Air phase, Norway joins the Allies at once, who set its forces up in Norway: the last infantry in Oslo, air on an airbase, the destroyer in a port', () => {
    const g = germansInKiel('invasion');
    const l = g.state.land!;
    const norway = Object.keys(landMap(theatreOf(l)).hexes).filter((h) => landMap(theatreOf(l)).hexes[h]!.country === 'norway');
    expect(norway.every((h) => controller(l, h) === null)).toBe(true); // neutral until invaded (39.0)
    const said = g.act('axis', { type: 'invade', nation: 'norway' }).map((e) => e.text);
    expect(said).toContain('The Axis invade Norway: it joins the Allies, who set up its forces'); // named as players name it
    expect(norway.every((h) => controller(g.state.land!, h) === 'allies')).toBe(true);
    expect(() => g.act('allies', { type: 'place', unit: 'no-inf-a', hex: 'W3924' })).toThrow(/^ETO 24\.4: a side sets up in hexes it controls; Kiel \(W3924\) is not friendly/);
    const offered: string[][] = [];
    while (g.state.stack[g.state.stack.length - 1]!.proc === 'set-up') {
      const cs = allChoices(eto, g.state, promptFor(eto, g.state, 'allies')!);
      offered.push([...new Set(cs.map((c) => String(c.action.hex ?? c.action.space)))]);
      g.act('allies', cs[0]!.action);
    }
    expect(offered.flat().every((h) => norway.includes(h))).toBe(true);
    expect(offered[3]).toEqual([OSLO]); // 39.2: the last infantry goes to the capital, Oslo
    expect(offered[4]).toHaveLength(4); // the fighter-bomber: Norway's airbases
    expect(offered[5]).toHaveLength(4); // the destroyers: Norway's ports
  });
});

describe('ETO 40.1-40.2 effects of conquest', () => {
  it('40.1: Norway falls with Oslo; its units leave the map, its hexes turn German but where British infantry stands; 40.2: an 11 gives the Germans its destroyers', () => {
    const g = germansInKiel('conquest');
    invadeNorway(g);
    editable(g);
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
