// What a client draws for BKG (src/engine/board.ts AssetsSchema): both maps as areas of one coordinate space (the
// Pacific map to the right of the European one), their links, the tracks, the counters.
import type { Assets, BoardArea } from '../../engine/board.ts';
import { bkgData } from './data/index.ts';
import { MAJORS, NEUTRAL_COLOR, POWER_ABBR, POWER_COLORS, POWER_NAMES, HISTORIC_SIDES, isMajor, powerOfCountry } from './powers.ts';
import boardEurope from './data/board-europe.json' with { type: 'json' };
import boardPacific from './data/board-pacific.json' with { type: 'json' };
import { turnLabel, lastTurn } from './state.ts';

type Drawn = { areas: Record<string, BoardArea> };

/** Both maps drawn from geography (maps/*.config.ts, built by tools/map): the Pacific map right of the European one. */
export const PACIFIC_OFFSET = 2680;

function drawnArea(map: 'europe' | 'pacific', id: string): BoardArea {
  const a = ((map === 'europe' ? boardEurope : boardPacific) as unknown as Drawn).areas[id]!;
  if (map === 'europe') return a;
  const shift = ([x, y]: [number, number]): [number, number] => [x + PACIFIC_OFFSET, y];
  return { ...a, polygons: a.polygons.map((ring) => ring.map(shift)), label: shift(a.label) };
}

export function bkgAssets(): Assets {
  const d = bkgData();
  const areas: Assets['board']['areas'] = {};
  for (const a of d.map.areas) {
    const marks: string[] = [];
    if (a.home) marks.push('home');
    if (a.island) marks.push('island');
    if (a.forbiddenCoast) marks.push('forbidden-coast');
    if (a.prod === 'D') marks.push('production-D');
    if (a.terrain && a.terrain !== 'clear') marks.push(a.terrain);
    const drawn = drawnArea(a.map, a.id);
    const entry: NonNullable<Assets['board']['areas']>[string] = { name: a.name, kind: a.kind, polygons: drawn.polygons, label: drawn.label, source: drawn.source };
    if (a.kind === 'land') entry.owner = a.owner ?? powerOfCountry(a.country!);
    if (Array.isArray(a.prod)) entry.value = a.prod[0];
    if (marks.length) entry.marks = marks;
    areas[a.id] = entry;
  }
  const europe = d.map.areas.filter((a) => a.map === 'europe').map((a) => a.id);
  const pacific = d.map.areas.filter((a) => a.map === 'pacific').map((a) => a.id);
  const countries: Record<string, { name: string; color?: string }> = {};
  for (const [p, name] of Object.entries(POWER_NAMES)) countries[p] = { name, color: POWER_COLORS[p] ?? NEUTRAL_COLOR };
  const powers: NonNullable<Assets['counters']>['powers'] = {};
  for (const [p, name] of Object.entries(POWER_NAMES)) {
    powers[p] = { name, side: isMajor(p) ? HISTORIC_SIDES[p] : 'neutral', color: POWER_COLORS[p] ?? NEUTRAL_COLOR, abbr: POWER_ABBR[p] ?? p };
  }
  const turns: string[] = [];
  for (let t = 1; t <= lastTurn(2); t++) turns.push(turnLabel({ turn: t, firstQuarter: 2 }));
  return {
    board: {
      areas,
      adjacency: d.map.links.map(([a, b, kind, features, src]) => ({ a, b, kind: features.includes('cross-map') ? `${kind}-arrow` : kind, source: d.map.sources[src]! })),
      tracks: [
        { id: 'turn', name: 'Quarter', kind: 'turn', cells: turns.map((l, i) => ({ id: String(i + 1), label: l })) },
        { id: 'production', name: 'Production Potential', kind: 'production', cells: Array.from({ length: 49 }, (_, i) => ({ id: String(i), label: String(i) })) },
        // BKG 8.5 economic victory: the side's production and unproductive Pacific islands (Axis 81, Allies 131).
        { id: 'victory', name: 'Economic points', kind: 'victory', cells: Array.from({ length: 201 }, (_, i) => ({ id: String(i), label: String(i) })) },
      ],
      countries,
      windows: { europe, pacific },
    },
    counters: {
      powers,
      types: {
        inf: { name: 'Infantry', symbol: 'infantry', domain: 'land' },
        arm: { name: 'Armor', symbol: 'armor', domain: 'land' },
        hq: { name: 'Headquarters', symbol: 'hq', domain: 'land' },
        air: { name: 'Aircraft', symbol: 'air', domain: 'air' },
        conv: { name: 'Convoy', symbol: 'transport', domain: 'naval' },
        tf: { name: 'Task Force', symbol: 'fleet', domain: 'naval' },
        sub: { name: 'Submarine', symbol: 'submarine', domain: 'naval' },
      },
      sides: { axis: { name: 'Axis', color: POWER_COLORS.germany }, allies: { name: 'Allies', color: POWER_COLORS.usa }, neutral: { name: 'Neutral', color: NEUTRAL_COLOR } },
    },
    charts: [{
      id: 'production-chart', title: 'Production Chart', rule: 'BKG 7.3',
      columns: ['Unit', 'Duration (quarters)', 'Cost'],
      rows: [['Infantry', 1, 'printed number'], ['HQ (rebuild only)', 4, 1], ['Armor', 3, '2 x printed number'], ['Aircraft', 2, '2 x printed number'], ['Convoy', 3, 4], ['Submarine', 3, 3], ['Task Force', 4, '2 x printed number']],
    }],
    notes: [
      'The rulebook has no list of areas: every area it names is here, the rest reconstructed from geography (docs/data/bkg.md).',
      'The areas are drawn from Natural Earth country shapes (tools/map); where the game divides a country, the line runs halfway between the labels. Where the drawing and the rules differ, the rules\' links hold (docs/rulings/bkg.md 52).',
      `Majors: ${MAJORS.map((m) => POWER_NAMES[m]).join(', ')}; each is a seat.`,
    ],
    reconstructed: [
      { subject: 'map', text: d.map.about },
      { subject: 'counters', text: d.counters.about },
    ],
    turns,
  };
}
