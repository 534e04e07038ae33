// A 2WW position with all 119 counters on the map (docs/positions.md), for the web benchmark: the quick set-up of
// the 1939 campaign, with every pool and future unit put on a land hex of its own country (US units in Britain and
// France), fleets and submarines on sea hexes, emptiest hexes first so no hex is overstacked.
import { readFileSync } from 'node:fs';
import { Game } from '../../src/engine/index.ts';
import twoWW from '../../src/rulesets/2ww/index.ts';
import { positionOfState, validatePosition } from '../../src/rulesets/2ww/positions/index.ts';

interface HexData { kind: string; country?: string }
interface CounterData { id: string; nationality: string; type: string }

const data = (f: string) => JSON.parse(readFileSync(new URL(`../../src/rulesets/2ww/data/${f}`, import.meta.url), 'utf8')) as Record<string, unknown>;

/** Map countries a power's extra units may stand in. */
const HOME: Record<string, string[]> = {
  fr: ['france'], ge: ['germany'], gb: ['gb'], su: ['ussr'], us: ['gb', 'france'], iq: ['iraq'], it: ['italy'],
};

export function fullMapPosition(): { position: Record<string, unknown>; units: number } {
  const hexes = Object.entries(data('map.json').hexes as Record<string, HexData>);
  const counters = new Map((data('counters.json').counters as CounterData[]).map((c) => [c.id, c]));
  const game = Game.create(twoWW as never, 'campaign-1939', { quickSetup: true }, 'web-bench');
  const position = positionOfState(game.state as never);
  const onMap = (at: string) => /^\d{4}$/.test(at);
  const count = new Map<string, number>();
  for (const u of position.units) count.set(u.at, (count.get(u.at) ?? 0) + 1);
  for (const u of position.units) {
    if (onMap(u.at)) continue;
    const c = counters.get(u.id);
    if (!c) throw new Error(`full-map position: ${u.id} is not in src/rulesets/2ww/data/counters.json`);
    const naval = /fleet|sub/.test(c.type);
    const fits = (max: number) => ([id, h]: [string, HexData]) => (count.get(id) ?? 0) < max
      && (naval ? h.kind === 'sea' : h.kind !== 'sea' && !!h.country && (HOME[c.nationality] ?? []).includes(h.country));
    const hex = (hexes.find(fits(1)) ?? hexes.find(fits(2)) ?? hexes.find(fits(3)))?.[0];
    if (!hex) throw new Error(`full-map position: no free hex for ${u.id} (${c.nationality} ${c.type}); extend HOME`);
    count.set(hex, (count.get(hex) ?? 0) + 1);
    u.at = hex;
  }
  const problems = validatePosition(position);
  if (problems.length) throw new Error(`full-map position is invalid: ${problems.map((p) => `${p.field}: ${p.message}`).join('; ')}`);
  return { position: position as unknown as Record<string, unknown>, units: position.units.filter((u) => onMap(u.at)).length };
}
