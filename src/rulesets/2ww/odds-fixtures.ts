// Fixed 2WW land combats on the campaign map (issue #19): the odds benchmark's set (bench/rules.bench.ts,
// bench/odds.bench.ts) and the land-combat calculator's check against the enumeration (land-combat-odds.test.ts).
import { applyAction, Game, type Json } from '../../engine/index.ts';
import { twoWW } from './index.ts';
import type { Side, TwoWWState } from './state.ts';

export interface FixedCombat {
  name: string;
  side: Side;
  turn: number;
  phase: string;
  units: { id: string; at: string; reduced?: boolean }[];
  hex: string;
  attackers: string[];
  support: string[];
}

/** Plain land combats, then the same with support battles on both sides (the defender adds all its support). */
export const FIXED_COMBATS: FixedCombat[] = [
  {
    name: 'ge inf+arm vs reduced fr inf (clear)', side: 'axis', turn: 3, phase: 'axis-combat', hex: '1808',
    units: [{ id: 'ge-inf-1', at: '1908' }, { id: 'ge-arm-1', at: '1908' }, { id: 'fr-inf-2', at: '1808', reduced: true }, { id: 'fr-inf-3', at: '1610' }],
    attackers: ['ge-inf-1', 'ge-arm-1'], support: [],
  },
  {
    name: 'fr arm+inf vs reduced ge inf', side: 'allies', turn: 3, phase: 'allied-combat', hex: '1808',
    units: [{ id: 'ge-inf-1', at: '1808', reduced: true }, { id: 'ge-arm-2', at: '2007' }, { id: 'fr-arm-1', at: '1708' }, { id: 'fr-inf-2', at: '1709' }],
    attackers: ['fr-arm-1', 'fr-inf-2'], support: [],
  },
  {
    name: 'ge inf+arm vs 2 fr inf (full)', side: 'axis', turn: 3, phase: 'axis-combat', hex: '1808',
    units: [{ id: 'ge-inf-1', at: '1908' }, { id: 'ge-arm-1', at: '1908' }, { id: 'fr-inf-2', at: '1808' }, { id: 'fr-inf-3', at: '1808' }],
    attackers: ['ge-inf-1', 'ge-arm-1'], support: [],
  },
  {
    name: 'ge inf+arm + air vs 2 fr inf + air (support battle)', side: 'axis', turn: 3, phase: 'axis-combat', hex: '1808',
    units: [{ id: 'ge-inf-1', at: '1908' }, { id: 'ge-arm-1', at: '1908' }, { id: 'ge-air-1', at: '1906' },
      { id: 'fr-inf-2', at: '1808' }, { id: 'fr-inf-3', at: '1808' }, { id: 'fr-air-1', at: '1708' }],
    attackers: ['ge-inf-1', 'ge-arm-1'], support: ['ge-air-1'],
  },
  {
    name: 'ge inf+arm + 2 air vs 2 fr inf + 2 air (support battles)', side: 'axis', turn: 3, phase: 'axis-combat', hex: '1808',
    units: [{ id: 'ge-inf-1', at: '1908' }, { id: 'ge-arm-1', at: '1908' }, { id: 'ge-air-1', at: '1906' }, { id: 'ge-air-2', at: '2007' },
      { id: 'fr-inf-2', at: '1808' }, { id: 'fr-inf-3', at: '1808' }, { id: 'fr-air-1', at: '1708' }, { id: 'gb-air-raf1', at: '1709' }],
    attackers: ['ge-inf-1', 'ge-arm-1'], support: ['ge-air-1', 'ge-air-2'],
  },
];

export function declaredCombat(c: FixedCombat): TwoWWState {
  const position = { format: 'theater-position', version: 1, ruleset: '2ww', turn: c.turn, phase: c.phase, units: c.units } as unknown as Json;
  let s = Game.create(twoWW, 'campaign-1939', {}, 'odds-bench', position).state;
  s = applyAction(twoWW, s, c.side, { type: 'attack', mode: 'land', hex: c.hex }).state;
  for (const id of c.attackers) if (!(s.stack.at(-1) as unknown as { attackers: string[] }).attackers.includes(id)) s = applyAction(twoWW, s, c.side, { type: 'add', unit: id, role: 'attacker' }).state;
  for (const id of c.support) s = applyAction(twoWW, s, c.side, { type: 'add', unit: id, role: 'support' }).state;
  return s;
}
