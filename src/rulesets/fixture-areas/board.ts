// The board of the area test game (Areas 1): the island of Insula, nine land and three sea areas, hand-drawn polygons
// in a 100 x 70 frame (a fixture: no geography), its adjacency, the turn, sequence and victory tracks, the counters.
import type { Assets } from '../../engine/board.ts';

export type Side = 'north' | 'south';
export const SIDES: Side[] = ['north', 'south'];

const fixture = { reconstructed: 'test fixture drawn for Theater (issue #18): no rulebook' };

interface AreaDef { name: string; kind: 'land' | 'sea'; owner?: Side; value?: number; capital?: boolean; poly: [number, number][]; label: [number, number] }

export const AREAS: Record<string, AreaDef> = {
  nsea: { name: 'North Sea', kind: 'sea', poly: [[0, 0], [100, 0], [100, 15], [0, 15]], label: [50, 7] },
  wsea: { name: 'West Sea', kind: 'sea', poly: [[0, 15], [10, 15], [10, 70], [0, 70]], label: [5, 40] },
  ssea: { name: 'South Sea', kind: 'sea', poly: [[90, 15], [100, 15], [100, 70], [10, 70], [10, 60], [90, 60]], label: [60, 66] },
  ncoast: { name: 'North Coast', kind: 'land', owner: 'north', value: 1, poly: [[10, 15], [40, 15], [40, 32], [10, 30]], label: [25, 23] },
  nhold: { name: 'North Hold', kind: 'land', owner: 'north', value: 3, capital: true, poly: [[40, 15], [65, 15], [65, 30], [40, 32]], label: [52, 23] },
  highlands: { name: 'Highlands', kind: 'land', owner: 'north', value: 1, poly: [[65, 15], [90, 15], [90, 35], [65, 30]], label: [78, 24] },
  wfields: { name: 'West Fields', kind: 'land', value: 1, poly: [[10, 30], [40, 32], [35, 46], [10, 45]], label: [24, 38] },
  midmarch: { name: 'Midmarch', kind: 'land', value: 2, poly: [[40, 32], [65, 30], [68, 47], [35, 46]], label: [52, 39] },
  eforest: { name: 'East Forest', kind: 'land', value: 1, poly: [[65, 30], [90, 35], [90, 50], [68, 47]], label: [79, 41] },
  marsh: { name: 'Southmarsh', kind: 'land', owner: 'south', value: 1, poly: [[10, 45], [35, 46], [40, 60], [10, 60]], label: [24, 53] },
  shold: { name: 'South Hold', kind: 'land', owner: 'south', value: 3, capital: true, poly: [[35, 46], [68, 47], [70, 60], [40, 60]], label: [53, 53] },
  scoast: { name: 'South Coast', kind: 'land', owner: 'south', value: 1, poly: [[68, 47], [90, 50], [90, 60], [70, 60]], label: [80, 55] },
};

/** Areas that touch: land-land ("land"), sea-sea ("sea"), land-sea ("coast"). */
export const ADJACENT: [string, string, 'land' | 'sea' | 'coast'][] = [
  ['ncoast', 'nhold', 'land'], ['nhold', 'highlands', 'land'], ['ncoast', 'wfields', 'land'], ['nhold', 'midmarch', 'land'],
  ['highlands', 'eforest', 'land'], ['wfields', 'midmarch', 'land'], ['midmarch', 'eforest', 'land'], ['wfields', 'marsh', 'land'],
  ['midmarch', 'shold', 'land'], ['eforest', 'scoast', 'land'], ['marsh', 'shold', 'land'], ['shold', 'scoast', 'land'],
  ['nsea', 'wsea', 'sea'], ['wsea', 'ssea', 'sea'], ['nsea', 'ssea', 'sea'],
  ['nsea', 'ncoast', 'coast'], ['nsea', 'nhold', 'coast'], ['nsea', 'highlands', 'coast'], ['wsea', 'ncoast', 'coast'],
  ['wsea', 'wfields', 'coast'], ['wsea', 'marsh', 'coast'], ['ssea', 'marsh', 'coast'], ['ssea', 'shold', 'coast'],
  ['ssea', 'scoast', 'coast'], ['ssea', 'highlands', 'coast'], ['ssea', 'eforest', 'coast'],
];

/** The areas touching `a`, with the kind of the link. */
export function adjacent(a: string): { id: string; kind: string }[] {
  return ADJACENT.flatMap(([x, y, kind]) => (x === a ? [{ id: y, kind }] : y === a ? [{ id: x, kind }] : []));
}

export const TURNS = 4;
/** The sequence of play of one turn (Areas 1): its steps in order. */
export const STEPS = ['north-move', 'north-combat', 'south-move', 'south-combat'] as const;
export type Step = (typeof STEPS)[number];
export const STEP_NAMES: Record<Step, string> = {
  'north-move': 'North movement', 'north-combat': 'North combat', 'south-move': 'South movement', 'south-combat': 'South combat',
};
export const CAPITAL: Record<Side, string> = { north: 'nhold', south: 'shold' };

export function fixtureAssets(): Assets {
  const areas: NonNullable<Assets['board']['areas']> = {};
  for (const [id, a] of Object.entries(AREAS)) {
    areas[id] = {
      name: a.name, kind: a.kind, polygons: [a.poly], label: a.label, source: fixture,
      ...(a.owner ? { owner: a.owner } : {}), ...(a.value !== undefined ? { value: a.value } : {}), ...(a.capital ? { marks: ['capital'] } : {}),
    };
  }
  return {
    board: {
      areas,
      adjacency: ADJACENT.map(([a, b, kind]) => ({ a, b, kind })),
      boxes: [{ id: 'pool', name: 'Reinforcements', kind: 'pool', note: 'placed in the set-up (Areas 2)' }],
      tracks: [
        { id: 'turn', name: 'Turn', kind: 'turn', cells: Array.from({ length: TURNS }, (_, i) => ({ id: String(i + 1), label: `Turn ${i + 1}` })) },
        { id: 'sequence', name: 'Sequence of play', kind: 'sequence', cells: STEPS.map((s) => ({ id: s, label: STEP_NAMES[s] })) },
        { id: 'victory', name: 'Victory points', kind: 'victory', cells: Array.from({ length: 16 }, (_, i) => ({ id: String(i), label: String(i) })) },
      ],
      countries: { north: { name: 'Northmen', color: '#8fb5e0' }, south: { name: 'Southrons', color: '#e3a98e' } },
    },
    counters: {
      powers: {
        north: { name: 'Northmen', side: 'north', color: '#8fb5e0', abbr: 'N' },
        south: { name: 'Southrons', side: 'south', color: '#e3a98e', abbr: 'S' },
      },
      types: { inf: { name: 'infantry', symbol: 'infantry', domain: 'land' }, fleet: { name: 'fleet', symbol: 'fleet', domain: 'naval' } },
      sides: { north: { name: 'North', color: '#8fb5e0' }, south: { name: 'South', color: '#e3a98e' } },
    },
    charts: [{
      id: 'battle', title: 'Battle', rule: 'Areas 4.3', columns: ['', 'Attacker', 'Defender'],
      rows: [['Die', '1d6', '1d6'], ['Each infantry', '+1', '+1'], ['Each supporting fleet', '+1', '—'], ['Defending a capital', '—', '+1'], ['Loser', 'loses 1', 'loses 1']],
      reconstructed: [[3, 2]],
      note: 'A tie costs both sides one infantry.',
    }],
    notes: ['A test game of Theater (src/rulesets/fixture-areas): it checks area boards, stacks and structured prompts.'],
    reconstructed: [{ subject: 'Insula', text: 'The island is drawn by hand for the tests; there is no rulebook.' }],
    turns: Array.from({ length: TURNS }, (_, i) => `Turn ${i + 1}`),
  };
}
