// What a client draws for 2WW (src/engine/board.ts, the board contract): the hex map, the off-map boxes, the Turn
// Record Track, the counter sheet and the charts, built from the validated data files. The same for every game.
import { type Assets, type Chart, type CounterManifest, hexsideKey } from '../../engine/index.ts';
import type { Board } from '../../engine/board.ts';
import {
  type Counter, type Factors, type Provenance, combatChart, counters, loadMap2ww, productionCosts, scenario, terrainChart,
  turnTrack, UNIT_TYPES, type UnitType,
} from './data/index.ts';
import { ATLANTIC_LAND, ATLANTIC_OCEAN, POWER_OF_MAP_COUNTRY } from './campaign.ts';
import { POWER_CODES as ABBR, POWER_NAMES } from './world.ts';

/** Counter colours: the customary wargame colours of each nation. */
export const POWER_COLORS: Record<string, string> = {
  ge: '#9aa3ab', it: '#b7c68b', fr: '#8fb5e0', gb: '#e3cf8e', su: '#e0907a', us: '#a9c79f', pl: '#d9a7c7', fi: '#c9d7e6',
  hu: '#c2b280', ru: '#d8c170', bg: '#b9a18e', es: '#e2b66f', tr: '#c8a27a', se: '#a7c3d6', yu: '#b4a6d3', gr: '#9ec8d8',
  be: '#d6c79b', nl: '#f0b27a', pt: '#b9d4a0', ir: '#c4b7a6', iq: '#d0b89a', no: '#c7c1e0', dk: '#e6a0a0', ch: '#e8e8e8',
  ie: '#a8d5a0', vc: '#a9bfd6', sa: '#e0d0a0', af: '#d8c8b0', lu: '#c0c8e0',
};


const TYPE_NAMES: Record<UnitType, { name: string; domain: 'land' | 'air' | 'naval' | 'fort' }> = {
  armor: { name: 'armor', domain: 'land' },
  infantry: { name: 'infantry', domain: 'land' },
  artillery: { name: 'artillery', domain: 'land' },
  paratroop: { name: 'paratroop', domain: 'land' },
  fort: { name: 'fort', domain: 'fort' },
  air: { name: 'air', domain: 'air' },
  'strategic-air': { name: 'strategic air', domain: 'air' },
  'naval-air': { name: 'naval air', domain: 'air' },
  'surface-fleet': { name: 'surface fleet', domain: 'naval' },
  'submarine-fleet': { name: 'submarine fleet', domain: 'naval' },
};

/** Printed factors in counter order: land combat-movement, air combat-ASW-range, fleets combat-ASW-movement (digest 3.2). */
export function printedFactors(type: UnitType, f: Factors): number[] {
  if (TYPE_NAMES[type].domain === 'air') return [f.combat, f.asw ?? 0, f.range ?? 3];
  if (TYPE_NAMES[type].domain === 'naval') return [f.combat, f.asw ?? 0, f.movement ?? 0];
  return [f.combat, f.movement ?? 0];
}

const reconstructed = (p: Provenance): boolean => p.source === 'reconstructed';

/** Side of each power at the start of the campaign (setup.json); powers of the map alone are neutral. */
function startingSides(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const c of scenario().countries) out[c.id] = c.status === 'neutral' && c.id !== 'su' || !c.controller ? 'neutral' : c.controller;
  return out;
}

function board(): Board {
  const m = loadMap2ww();
  const hexes: NonNullable<Board['hex']>['hexes'] = {};
  for (const [id, h] of Object.entries(m.hexes)) {
    const hex: (typeof hexes)[string] = { kind: h.kind === 'straits' ? 'coastal' : h.kind };
    if (h.terrain) hex.terrain = h.terrain;
    if (h.country) hex.country = h.country;
    if (h.city) {
      hex.city = { name: h.city.name };
      if (h.city.port) hex.city.port = true;
      if (h.city.capital) hex.city.capital = true;
      if (h.city.production) hex.city.production = true;
      if (h.city.fort) hex.city.fort = true;
    }
    const label = h.straits ?? (h.danishWaters ? 'Danish waters' : undefined);
    if (label && !h.city) hex.label = label;
    hexes[id] = hex;
  }
  const hexsides: Record<string, { features: string[] }> = {};
  for (const [key, s] of Object.entries(m.hexsides)) {
    const [a, b] = key.split('|') as [string, string];
    const features: string[] = [];
    // All-sea between two hexes with land: land units may not cross (2WW 8.1); sea hexes say it themselves.
    if (s.type === 'sea' && m.hexes[a]?.kind !== 'sea' && m.hexes[b]?.kind !== 'sea') features.push('all-sea');
    if (s.river) features.push('river');
    if (s.border) features.push('border');
    if (s.vichyLine) features.push('vichy-line');
    if (features.length) hexsides[hexsideKey(a, b)] = { features };
  }
  const boxId = (b: string) => (b === 'atlantic' ? ATLANTIC_OCEAN : b);
  const boxes: NonNullable<Board['boxes']> = [];
  for (const [id, b] of Object.entries(m.boxes)) {
    const links = [...b.boxes.map(boxId), ...b.hexes];
    if (id === 'atlantic') links.unshift(ATLANTIC_LAND);
    const notes = [b.westEdgeCost ? `${b.westEdgeCost} MP from any west-edge hex` : '', b.boxes.length ? '30 MP to the boxes it names' : '',
      b.hexes.length ? '0 MP to its hexes' : '', b.axisMayEnter ? '' : 'Allied fleets only'].filter(Boolean);
    boxes.push({ id: boxId(id), name: b.name, kind: 'sea', connects: links, note: `${notes.join('; ')} (2WW 8.3.3)` });
  }
  boxes.push({
    id: ATLANTIC_LAND, name: 'Atlantic: the United States', kind: 'land', connects: [ATLANTIC_OCEAN],
    note: m.boxes.atlantic?.landPortion ?? 'the United States (2WW 8.3.6)',
  });
  const countries: NonNullable<Board['countries']> = {};
  for (const [id, c] of Object.entries(m.countries)) {
    const power = POWER_OF_MAP_COUNTRY[c.kind === 'territory' && c.owner ? c.owner : id];
    countries[id] = { name: c.name, ...(power && POWER_COLORS[power] ? { color: POWER_COLORS[power] } : {}) };
  }
  return {
    hex: {
      sheets: [{ prefix: '', cols: m.grid.cols, rows: m.grid.rows, offset: m.grid.offset }],
      hexes, hexsides, land: m.render.coast.filter((r) => r.length >= 3),
    },
    boxes,
    tracks: [{ id: 'turn', name: 'Turn Record Track', kind: 'turn', cells: turnTrack().turns.map((t) => ({ id: String(t.turn), label: t.label })) }],
    countries,
  };
}

function counterManifest(): CounterManifest {
  const sides = startingSides();
  const powers: CounterManifest['powers'] = {};
  for (const [id, name] of Object.entries(POWER_NAMES)) {
    powers[id] = { name, side: sides[id] ?? 'neutral', color: POWER_COLORS[id] ?? '#c8c8c8', abbr: ABBR[id] ?? id.toUpperCase() };
  }
  const types: CounterManifest['types'] = {};
  for (const t of UNIT_TYPES) types[t] = { name: TYPE_NAMES[t].name, symbol: t, domain: TYPE_NAMES[t].domain };
  const units: NonNullable<CounterManifest['units']> = {};
  for (const c of counters()) units[c.id] = counterEntry(c);
  return {
    powers, types, units,
    sides: { axis: { name: 'Axis', color: '#6b7078' }, allies: { name: 'Allies', color: '#4f7f4f' }, neutral: { name: 'Neutral', color: '#b0b0b0' } },
  };
}

/** One counter: a single-sided counter has only its printed side (2WW 7.3.1). */
function counterEntry(c: Counter): NonNullable<CounterManifest['units']>[string] {
  const name = c.designation;
  if (c.full === null) return { power: c.nationality, type: c.type, name, full: printedFactors(c.type, c.reduced) };
  return { power: c.nationality, type: c.type, name, full: printedFactors(c.type, c.full), reduced: printedFactors(c.type, c.reduced) };
}

function charts(): Chart[] {
  const out: Chart[] = [];
  const rolls = Array.from({ length: 11 }, (_, i) => i + 2);
  for (const line of combatChart().lines) {
    const p = line.provenance;
    out.push({
      id: `combat-${line.id}`, title: `Combat Chart: ${line.name}`, rule: '2WW 4.2 C.3',
      columns: ['2d6', ...line.columns.map((c) => c.label)],
      rows: rolls.map((r, i) => [r, ...line.columns.map((c) => c.losses[i]!)]),
      reconstructed: reconstructed(p.columns) || reconstructed(p.losses),
      note: `${line.usedFor} Results are loss points.`,
    });
  }
  const tc = terrainChart();
  const terrainRows: (string | number)[][] = [];
  const terrainCells: [number, number][] = [];
  for (const t of tc.terrain) {
    if (reconstructed(t.provenance)) terrainCells.push([terrainRows.length, 1], [terrainRows.length, 2]);
    terrainRows.push([t.name, t.landMovementCost ?? 'prohibited', t.defenderShift]);
  }
  for (const h of tc.hexsides) {
    const p = 'source' in h.provenance ? h.provenance : h.provenance.values;
    if (reconstructed(p)) terrainCells.push([terrainRows.length, 1], [terrainRows.length, 2]);
    terrainRows.push([`${h.name} hexside`, h.landMovementCost === null ? 'prohibited' : `+${h.landMovementCost}`, h.defenderShift]);
  }
  out.push({
    id: 'terrain', title: 'Terrain Chart', rule: '2WW 8.1, 4.2 C.3', columns: ['Terrain', 'Land movement cost', 'Column shift (attacker)'],
    rows: terrainRows, reconstructed: terrainCells,
    note: `Air units and fleets pay 1 per hex. The total terrain shift is at most ${tc.maxShift.value} columns.`,
  });
  const pc = productionCosts();
  const costRows: (string | number)[][] = [];
  const costCells: [number, number][] = [];
  for (const c of pc.costs) {
    if (reconstructed(c.provenance)) costCells.push([costRows.length, 1], [costRows.length, 2]);
    costRows.push([TYPE_NAMES[c.type].name, c.build, c.upgrade]);
  }
  for (const e of pc.exceptions) {
    if (reconstructed(e.provenance)) costCells.push([costRows.length, e.kind === 'build' ? 1 : 2]);
    costRows.push([e.appliesTo === 'one-sided' ? 'one-sided counters' : e.appliesTo,
      e.kind === 'build' ? e.cost ?? 'never' : '', e.kind === 'upgrade' ? e.cost ?? 'never' : '']);
  }
  out.push({ id: 'production-costs', title: 'Production Costs', rule: '2WW 7.1.4, 7.3', columns: ['Unit', 'Build', 'Upgrade'], rows: costRows, reconstructed: costCells });
  const tt = turnTrack();
  const events = new Map<number, string[]>();
  const note = (turn: number, text: string) => events.set(turn, [...(events.get(turn) ?? []), text]);
  const ms = tt.milestones;
  note(ms.italyEntry.turn, 'Italy enters the war (2WW 12.1.1)');
  note(ms.ussrProductionFrom.turn, 'the neutral USSR may produce (2WW 7.1.6)');
  note(ms.iraqRebellionFrom.turn, 'Iraq rebellion rolls begin (2WW 12.5)');
  note(ms.ussrEntry.turn, 'the USSR enters the war at the latest (2WW 12.4.1)');
  note(ms.improvedAsw.turn, 'improved convoy defence (2WW 6.2.2)');
  note(tt.usEntry.baseTurn, 'the US enters the war, later by one turn per neutral invaded by Britain or France (2WW 5.3.1)');
  for (const l of tt.lendLease) note(l.fromTurn, `Lend-Lease up to ${l.max} (2WW 12.3)`);
  const trackRows: (string | number)[][] = [];
  const trackCells: [number, number][] = [];
  for (const t of tt.turns) {
    const arrivals = tt.reinforcements.filter((r) => r.turn === t.turn);
    if (arrivals.some((r) => reconstructed(r.provenance))) trackCells.push([trackRows.length, 2]);
    trackRows.push([t.turn, t.label, arrivals.map((r) => r.unit + (r.condition ? ` (once ${r.condition.replace('-', ' ')})` : '')).join(', '),
      (events.get(t.turn) ?? []).join('; ')]);
  }
  out.push({
    id: 'turn-record-track', title: 'Turn Record Track', rule: '2WW 4, 4.2 B.1', columns: ['Turn', 'Season', 'Force pool additions', 'Events'],
    rows: trackRows, reconstructed: trackCells,
    note: 'The printed track is missing; its turn of US entry, Lend-Lease maxima and additions are reconstructed (see data/turn-track.json).',
  });
  return out;
}

/** The 2WW assets (board contract), built once: the data files never change while the program runs. */
export function twoWWAssets(): Assets {
  return {
    board: board(),
    counters: counterManifest(),
    charts: charts(),
    turns: turnTrack().turns.map((t) => t.label),
    notes: [
      'The map, the Combat Chart, the Terrain Chart, the Production Costs chart, the Turn Record Track and most counter values are not in the rulebook text; they are reconstructed (see each entry\'s provenance).',
      'Rulings on the rulebook\'s ambiguities: docs/rulings/2ww.md.',
    ],
    reconstructed: [
      { subject: 'Map', text: 'Generated from modern geography fitted to the hexes the rulebook names (tools/map, docs/data/2ww-map.md).' },
      { subject: 'Combat Chart', text: 'Columns and results designed so that every worked example of the rulebook holds (data/combat-chart.json).' },
      { subject: 'Terrain Chart', text: combatOrTerrainNote(terrainChart().terrain.filter((t) => reconstructed(t.provenance)).map((t) => t.name)) },
      { subject: 'Production Costs', text: provenanceText(productionCosts().basis.provenance) },
      { subject: 'Counters', text: `${counters().filter((c) => reconstructed(c.provenance.factors)).length} of ${counters().length} counters have reconstructed factors (data/counters.json).` },
    ],
  };
}

function provenanceText(p: Provenance): string {
  return p.source === 'reconstructed' ? p.reason : `From the rulebook (${p.rule}).`;
}

function combatOrTerrainNote(names: string[]): string {
  return names.length ? `Costs and shifts of ${names.join(', ')} are reconstructed (data/terrain-chart.json).` : 'From the rulebook.';
}
