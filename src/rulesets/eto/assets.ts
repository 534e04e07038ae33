// ETO's board declaration (src/engine/board.ts AssetsSchema): the W and E sheets of the generated map (data/map.json)
// with terrain, cities, rivers and coastlines; the sea areas drawn as areas over the hexes they hold (ETO 7.2), joined
// to their coastal hexes for naval movement; off-map boxes; the turn and offensives tracks; every counter of the
// implemented scenarios with its printed factors; the charts; each scenario's window of the map.
import { hexOutline } from '../../board/index.ts';
import type { Json } from '../../engine/index.ts';
import { type Assets, checkAssets, type Source } from '../../engine/board.ts';
import { etoData, playOf, type Provenance, SCENARIO_IDS, type TheatreLayer } from './data/index.ts';
import { etoMap } from './data/map-schema.ts';
import type { AirUnit, LandUnit } from './land.ts';
import { navalMap, ownSeaAreas, sheetSpecs } from './map.ts';
import { SCENARIOS } from './scenarios.ts';

const POWERS = {
  germany: { name: 'Germany', side: 'axis', color: '#9aa3ab', abbr: 'GE' },
  poland: { name: 'Poland', side: 'allies', color: '#d9a7c7', abbr: 'PL' },
  us: { name: 'United States', side: 'allies', color: '#a9c79f', abbr: 'US' },
  uk: { name: 'Britain', side: 'allies', color: '#e3cf8e', abbr: 'GB' },
  norway: { name: 'Norway', side: 'allies', color: '#b9c9e6', abbr: 'NO' },
};

const TYPES = {
  inf: { name: 'infantry', symbol: 'infantry', domain: 'land' },
  armor: { name: 'armor', symbol: 'armor', domain: 'land' },
  para: { name: 'paratroops', symbol: 'airborne', domain: 'land' },
  general: { name: 'general', symbol: 'general', domain: 'land' },
  hq: { name: 'HQ', symbol: 'hq', domain: 'land' },
  fighter: { name: 'fighter', symbol: 'air', domain: 'air' },
  'fighter-bomber': { name: 'fighter-bomber', symbol: 'air', domain: 'air' },
  bomber: { name: 'bomber', symbol: 'strategic-air', domain: 'air' },
  atp: { name: 'air transport', symbol: 'air-transport', domain: 'air' },
  BB: { name: 'battleship', symbol: 'fleet', domain: 'naval' },
  CA: { name: 'heavy cruiser', symbol: 'fleet', domain: 'naval' },
  CV: { name: 'aircraft carrier', symbol: 'fleet', domain: 'naval' },
  CL: { name: 'light cruiser', symbol: 'fleet', domain: 'naval' },
  DD: { name: 'destroyers', symbol: 'fleet', domain: 'naval' },
  SS: { name: 'submarine', symbol: 'submarine', domain: 'naval' },
  STP: { name: 'transport', symbol: 'transport', domain: 'naval' },
} as const;

/** Off-map places a unit can be in (PieceView.where when it is not on a hex or in a sea area). */
export const ETO_BOXES = {
  setup: { name: 'To set up', kind: 'pool', note: 'Units the scenario still has to place' },
  'force-pool': { name: 'Force pool', kind: 'pool', note: 'Eliminated units that may be rebuilt (27.1, 15.6)' },
  replenishment: { name: 'Replenishment box', kind: 'pool', note: 'Infantry eliminated in its home country this turn (27.7)' },
  removed: { name: 'Out of the game', kind: 'pool', note: 'Units removed for good (27.5 generals, 40.0 conquest)' },
  sunk: { name: 'Sunk', kind: 'pool', note: 'Named ships sunk are removed for good (9.5)' },
} as const;

/** The months of the campaign, September 1939 to June 1945 (ETO 1.0 turn record; 47.6 standard end). */
export const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
export function turnLabels(): string[] {
  const out: string[] = [];
  for (let y = 1939, m = 8; y < 1945 || m <= 5; m = (m + 1) % 12, y += m === 0 ? 1 : 0) out.push(`${MONTHS[m]} ${y}`);
  return out;
}
/** 1-based index of a month on the turn track. */
export const turnIndex = (month: string, year: number): number => (year - 1939) * 12 + MONTHS.indexOf(month) - 7;

/** Offensives track: 0-15 (ETO 38.4; the +15 marker's back is beyond this). */
const OFF_CELLS = Array.from({ length: 16 }, (_, i) => ({ id: String(i), label: String(i) }));

const source = (p: Provenance): Source => (p.source === 'rulebook' ? { rulebook: p.rule } : { reconstructed: p.reason });

/** A ship's designation: its name, as the rules' choices and log say it ("Prinz Eugen"). */
function shipDesignation(name: string): string {
  // A marker named by its size ("German transport (1 STP)") shows the size.
  const size = /\(([^()]{1,8})\)$/.exec(name);
  return size ? size[1]! : name;
}

/** Designation printed on a counter: the unit's number, a general's name, an HQ's army group, an air unit's kind. */
function designation(u: LandUnit | AirUnit): string {
  // The unit's own name when it says what the unit is ("German paratroops", "General Guderian", "HQ South"): the name
  // the rules' choices and log use, so the clients name a unit one way (their pieceName takes it whole).
  if (u.name.toLowerCase().includes(TYPES[u.kind as keyof typeof TYPES].name.toLowerCase())) return u.name;
  const n = /-(\d+)$/.exec(u.id);
  if (n) return n[1]!;
  if (u.kind === 'general') return u.name.replace(/^General\s+/, '');
  if (u.kind === 'hq') return u.name.replace(/\b(HQ|Army Group)\b/g, '').trim();
  return { fighter: 'F', 'fighter-bomber': 'FB', bomber: 'B' }[u.kind as string] ?? '';
}

/** Printed factors of a land unit (strength-MA; general combat-exploitation; HQ attacks-radius), full and depleted. */
export function landFactors(u: LandUnit, depleted = u.depleted): number[] {
  if (u.kind === 'general') return [u.combat ?? 0, u.exploit ?? 0];
  if (u.kind === 'hq') return [u.attacks ?? 1, u.radius ?? 0];
  return [depleted ? u.depletedStrength : u.strength, u.ma];
}

/** Air unit: strength-quality-range for fighters and fighter-bombers, strength-range for bombers (3.2). */
export function airFactors(a: AirUnit, depleted = a.depleted): number[] {
  const s = depleted ? a.depletedStrength : a.strength;
  return a.kind === 'bomber' ? [s, a.range] : [s, a.quality, a.range];
}

/** Ship ratings gunnery-armor-speed (3.3); a unit without gunnery prints a dash. */
export function shipFactors(r: { gunnery: number | null; armor: number; speed: number }): number[] | string {
  return r.gunnery === null ? `–-${r.armor}-${r.speed}` : [r.gunnery, r.armor, r.speed];
}

/** Hexes of map.json inside a layer's window rectangles (any of a hex's printed ids), sea hexes included. */
function windowHexes(layer: TheatreLayer): string[] {
  const inRect = (id: string): boolean => layer.window.rects.some((w) => {
    const c = Number(id.slice(1, 3));
    const r = Number(id.slice(3));
    return id[0] === w.sheet && c >= w.cols[0] && c <= w.cols[1] && r >= w.rows[0] && r <= w.rows[1];
  });
  return Object.entries(etoMap().hexes).filter(([id, h]) => (h.ids ?? [id]).some(inRect)).map(([id]) => id);
}

/**
 * Scenario 1's window: the hexes of its sea areas, its coastal hexes, and every hex within the box they span on
 * the board (the coasts between them), plus the sea areas themselves.
 */
function navalWindow(areaIds: string[], coastal: string[]): string[] {
  const map = etoMap();
  const b = navalMap().board;
  const core = Object.entries(map.hexes).filter(([id, h]) => (h.kind === 'sea' && areaIds.includes(h.seaArea ?? '')) || coastal.includes(id)).map(([id]) => id);
  const xs = core.map((id) => b.centre(b.index(id)));
  const [x0, x1] = [Math.min(...xs.map((p) => p[0])), Math.max(...xs.map((p) => p[0]))];
  const [y0, y1] = [Math.min(...xs.map((p) => p[1])), Math.max(...xs.map((p) => p[1]))];
  const inBox = Object.keys(map.hexes).filter((id) => { const [x, y] = b.centre(b.index(id)); return x >= x0 && x <= x1 && y >= y0 && y <= y1; });
  return [...inBox, ...areaIds];
}

/** Every sea area of the map as an area: the outline of its all-sea hexes, named at its most central hex (7.2). */
function seaAreas(): Record<string, Json> {
  const map = etoMap();
  const b = navalMap().board;
  const naval = new Map(etoData().sea.areas.map((a) => [a.id, a]));
  const hexesOf = new Map<string, number[]>();
  for (const [id, h] of Object.entries(map.hexes)) {
    if (h.kind !== 'sea' || !h.seaArea) continue;
    (hexesOf.get(h.seaArea) ?? hexesOf.set(h.seaArea, []).get(h.seaArea)!).push(b.index(id));
  }
  const out: Record<string, Json> = {};
  for (const [id, { name }] of Object.entries(map.seaAreas)) {
    const hexes = hexesOf.get(id);
    if (!hexes?.length) continue;
    const cs = hexes.map((n) => b.centre(n));
    const mx = cs.reduce((t, c) => t + c[0], 0) / cs.length;
    const my = cs.reduce((t, c) => t + c[1], 0) / cs.length;
    const mid = cs.reduce((best, c) => (Math.hypot(c[0] - mx, c[1] - my) < Math.hypot(best[0] - mx, best[1] - my) ? c : best));
    const n = naval.get(id);
    const marks = n ? [n.gridded ? 'gridded' : 'gridless', ...(n.int ? [`INT ${n.int}`] : []), `MP ${n.cost}`] : [];
    out[id] = {
      name, kind: 'sea', polygons: hexOutline(b, hexes), label: [Number(mid[0].toFixed(3)), Number(mid[1].toFixed(3))],
      ...(marks.length ? { marks } : {}),
      source: n ? source(n.provenance) : { reconstructed: 'Extent from the generated map (tools/map/eto-build.ts): the all-sea hexes of the area' },
    } as Json;
  }
  return out;
}

/** ETO 7.2-7.4: naval links of the naval data: area to area, coastal hex to its areas, coastal hex to coastal hex. */
function navalAdjacency(): Json[] {
  const sea = etoData().sea;
  return [
    ...sea.areaLinks.map(([a, b]) => ({ a, b, kind: 'sea' })),
    ...sea.coastalHexes.flatMap((h) => h.areas.map((a) => ({ a: h.hex, b: a, kind: 'coast', source: source(h.provenance) }))),
    ...sea.coastalLinks.map(([a, b]) => ({ a, b, kind: 'coast' })),
  ];
}

function hexes(): Record<string, Json> {
  const map = etoMap();
  const sea = new Map(etoData().sea.coastalHexes.map((h) => [h.hex, h]));
  const out: Record<string, Json> = {};
  for (const [id, h] of Object.entries(map.hexes)) {
    const naval = sea.get(id);
    const port = h.city?.port ?? naval?.port ?? undefined;
    const city = h.city ? { name: h.city.name, ...(h.city.capital ? { capital: true } : {}), ...(port ? { port: true } : {}), ...(h.city.resource === 'city' ? { production: true } : {}) }
      : naval?.port ? { name: naval.name, port: true } : undefined;
    out[id] = {
      kind: h.terrain === 'lake' && h.kind !== 'coastal' ? 'lake' : h.kind,
      ...(h.terrain && h.terrain !== 'lake' ? { terrain: h.terrain } : {}),
      ...(h.country ? { country: h.country } : {}),
      ...(city ? { city } : h.place ? { label: h.place } : naval ? { label: naval.name } : {}),
    };
  }
  return out;
}

/** Hexsides with a feature: rivers (24.1, 26.4), lake sides (no land movement, 24.1), all-sea sides between land hexes, borders. */
function hexsides(): Record<string, Json> {
  const map = etoMap();
  const out: Record<string, Json> = {};
  for (const [k, s] of Object.entries(map.hexsides)) {
    const [a, b] = k.split('|') as [string, string];
    const features: string[] = [];
    if (s.river) features.push('river');
    if (s.lake) features.push('lake');
    if (s.type === 'sea' && map.hexes[a]?.kind !== 'sea' && map.hexes[b]?.kind !== 'sea') features.push('all-sea');
    if (s.border) features.push('border');
    if (features.length) out[`${a}/${b}`] = { features };
  }
  return out;
}

/** Every unit of the implemented scenarios with its printed designation and factors (full and reduced side). */
function counters(): Json {
  const units: Record<string, Json> = {};
  const starts = SCENARIO_IDS.map((id) => SCENARIOS[id]!.initial());
  for (const st of starts.filter((x) => x.land)) {
    for (const u of Object.values(st.land!.units)) {
      const full = landFactors(u, false);
      units[u.id] ??= { power: u.nation, type: u.kind, name: designation(u), full, ...(u.steps > 1 ? { reduced: landFactors(u, true) } : {}) };
    }
    for (const a of Object.values(st.land!.air)) {
      units[a.id] ??= { power: a.nation, type: a.kind, name: designation(a), full: airFactors(a, false), ...(a.depletedStrength > 0 ? { reduced: airFactors(a, true) } : {}) };
    }
  }
  const ratings = new Map(etoData().units.map((u) => [u.id, u]));
  for (const sh of starts.flatMap((st) => Object.values(st.ships))) {
    const r = ratings.get(sh.id)!;
    units[sh.id] = { power: sh.nation, type: sh.type, name: shipDesignation(sh.name), full: shipFactors(r.full), reduced: shipFactors(r.damaged) };
  }
  return { powers: POWERS, types: TYPES, units, sides: { axis: { name: 'Axis' }, allies: { name: 'Allies' } } } as unknown as Json;
}

/** The charts the implemented rules use, as tables; reconstructed cells marked. */
function charts(): Json[] {
  const { sea, crt: crtJson } = etoData();
  return [{
    id: 'crt', title: 'Combat Results Table', rule: 'ETO 26.1, 27.1',
    columns: ['Modified die', ...crtJson.columns], rows: crtJson.rows.map((r, i) => [i, ...r]),
    note: 'AE attacker eliminated; DE defender eliminated; x, xx attacker loses 1, 2 steps; D# defender loses # steps or retreats # hexes; (D2) defenders retreat 2 hexes.',
  }, {
    id: 'sea-areas', title: 'Sea areas (naval movement and search)', rule: 'ETO 7.4, 8.4',
    columns: ['Sea area', 'MP to enter', 'INT modifier', 'Grid'],
    rows: sea.areas.map((a) => [a.name, a.cost, a.int, a.gridded ? 'gridded' : 'gridless']),
    reconstructed: sea.areas.flatMap((a, i) => (a.provenance.source === 'reconstructed' ? [[i, 1], [i, 2], [i, 3]] as [number, number][] : [[i, 1]] as [number, number][])),
    note: 'Costs are the 7.4 default unless printed; the printed map\'s figures are not in the text.',
  }] as unknown as Json[];
}

/** ETO's assets, checked against the board contract (the server serializes them once; ~0.2 s to build). */
export function etoAssets(): Assets {
  const map = etoMap();
  const d = etoData();
  const layers: Record<string, TheatreLayer> = { 'poland-1939': d.poland, 'bulge-1944': d.bulgeLayer, 'britain-1940': d.britain, 'norway-1940': d.norway };
  const windows: Record<string, string[]> = {};
  for (const id of SCENARIO_IDS) {
    const t = playOf(id).theatre;
    // A scenario without a land map plays on the naval spaces of the naval data (scenario 1).
    // 7.2: a land map with naval spaces of its own draws its sea areas over the hexes (ships at sea stand in them).
    windows[id] = t ? [...windowHexes(layers[t]!), ...ownSeaAreas(id)] : navalWindow(d.sea.areas.map((a) => a.id), d.sea.coastalHexes.map((h) => h.hex));
  }
  const countries: Record<string, Json> = {};
  for (const [c, v] of Object.entries(map.countries)) countries[c] = { name: v.name };
  const assets = {
    board: {
      hex: { sheets: sheetSpecs() as unknown as Json, hexes: hexes(), hexsides: hexsides(), land: map.render.coast as unknown as Json },
      areas: seaAreas(),
      adjacency: navalAdjacency(),
      boxes: Object.entries(ETO_BOXES).map(([id, b]) => ({ id, ...b })),
      tracks: [
        { id: 'turn', name: 'Turn record', kind: 'turn', cells: turnLabels().map((label, i) => ({ id: String(i + 1), label })) },
        { id: 'offensives-axis', name: 'Axis offensives', kind: 'offensives', cells: OFF_CELLS },
        { id: 'offensives-allies', name: 'Allied offensives', kind: 'offensives', cells: OFF_CELLS },
        // Where the sides stand: the scenario's victory conditions applied to the position (board-view.ts).
        { id: 'victory', name: 'Victory', kind: 'victory', cells: [{ id: 'how', label: 'How to win' }, { id: 'now', label: 'If it ended now' }] },
      ],
      countries,
      windows,
    },
    counters: counters(),
    charts: charts(),
    turns: turnLabels(),
    reconstructed: [{
      subject: 'map',
      text: 'The map is generated from Natural Earth geography and hand-drawn layers (tools/map/eto-build.ts), not traced from the printed sheets.',
    }, {
      subject: 'sea areas',
      text: 'Sea-area extents come from the generated map; their costs, search (INT) modifiers and links are reconstructed unless the chart cites the rulebook.',
    }, {
      subject: 'ship ratings',
      text: 'Most ship ratings are not legible in the text; each ship in data/naval-units.json says where its numbers come from.',
    }],
  } as unknown as Json;
  return checkAssets('eto', assets);
}
