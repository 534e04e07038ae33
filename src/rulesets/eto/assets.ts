// What the browser client draws for ETO (docs/web.md "what the client reads"): each land scenario's window of the
// generated map (data/map.json, sheets W and E joined half round), the counters of its units, and where the view
// keeps them. Sink the Bismarck is played in sea areas and coastal hexes: they are boxes, its board has no hexes.
import type { Json } from '../../engine/index.ts';
import { BULGE_ID, bulgeSetup } from './bulge.ts';
import { CASE_WHITE_ID, caseWhiteSetup } from './case-white.ts';
import { etoData, type TheatreLayer } from './data/index.ts';
import { etoMap } from './data/map-schema.ts';
import type { AirUnit, LandUnit } from './land.ts';
import { sheetSpecs } from './map.ts';
import { BISMARCK_ID, bismarckSetup } from './sink-the-bismarck.ts';

const POWERS = {
  germany: { name: 'Germany', side: 'axis', color: '#9aa3ab', abbr: 'GE' },
  poland: { name: 'Poland', side: 'allies', color: '#d9a7c7', abbr: 'PL' },
  us: { name: 'United States', side: 'allies', color: '#a9c79f', abbr: 'US' },
  uk: { name: 'Britain', side: 'allies', color: '#e3cf8e', abbr: 'GB' },
};

const TYPES = {
  inf: { name: 'infantry', symbol: 'infantry', domain: 'land' },
  armor: { name: 'armor', symbol: 'armor', domain: 'land' },
  general: { name: 'general', symbol: 'general', domain: 'land' },
  hq: { name: 'headquarters', symbol: 'hq', domain: 'land' },
  fighter: { name: 'fighter', symbol: 'air', domain: 'air' },
  'fighter-bomber': { name: 'fighter-bomber', symbol: 'air', domain: 'air' },
  bomber: { name: 'bomber', symbol: 'strategic-air', domain: 'air' },
  BB: { name: 'battleship', symbol: 'fleet', domain: 'naval' },
  CA: { name: 'heavy cruiser', symbol: 'fleet', domain: 'naval' },
  CV: { name: 'carrier', symbol: 'fleet', domain: 'naval' },
  CL: { name: 'light cruiser', symbol: 'fleet', domain: 'naval' },
  DD: { name: 'destroyers', symbol: 'fleet', domain: 'naval' },
};

/** A ship's name short enough for its counter: initials of a long name ("KGV", "PoW"), else the name. */
function shipDesignation(name: string): string {
  const words = name.split(/\s+/);
  if (words.length === 1) return name.length <= 8 ? name : `${name.slice(0, 7)}.`;
  return words.map((w) => (/^(of|the)$/i.test(w) ? w[0]!.toLowerCase() : w[0]!.toUpperCase())).join('');
}

/** ETO 7.2-7.4: the sea areas and coastal hexes of Scenario 1 as boxes, each listing the spaces it joins. */
function bismarckBoxes(): Json[] {
  const sea = etoData().sea;
  const links = new Map<string, string[]>();
  const link = (a: string, b: string) => {
    links.set(a, [...(links.get(a) ?? []), b]);
    links.set(b, [...(links.get(b) ?? []), a]);
  };
  for (const [a, b] of sea.areaLinks) link(a, b);
  for (const [a, b] of sea.coastalLinks) link(a, b);
  for (const c of sea.coastalHexes) for (const a of c.areas) link(c.hex, a);
  const areas = sea.areas.map((a) => ({
    id: a.id, name: a.name, kind: 'sea', scenarios: [BISMARCK_ID], connects: links.get(a.id) ?? [],
    note: `cost ${a.cost}, search modifier ${a.int >= 0 ? '+' : ''}${a.int}${a.provenance.source === 'reconstructed' ? ' (reconstructed)' : ''}`,
  }));
  const coasts = sea.coastalHexes.map((c) => ({
    id: c.hex, name: `${c.name} (${c.hex})`, kind: 'coastal', scenarios: [BISMARCK_ID], connects: links.get(c.hex) ?? [],
    note: c.port ? `${c.port} port` : 'coast, no port',
  }));
  return [...areas, ...coasts];
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

/** Designation printed on a counter: the unit's number, a general's name, an HQ's army group, an air unit's kind. */
function designation(u: LandUnit | AirUnit): string {
  const n = /-(\d+)$/.exec(u.id);
  if (n) return n[1]!;
  if (u.kind === 'general') return u.name.replace(/^General\s+/, '');
  if (u.kind === 'hq') return u.name.replace(/\b(HQ|Army Group)\b/g, '').trim();
  return { fighter: 'F', 'fighter-bomber': 'FB', bomber: 'B' }[u.kind as string] ?? '';
}

let cached: Json | null = null;

export function etoAssets(): Json {
  if (cached) return cached;
  const map = etoMap();
  const d = etoData();
  const windows: Record<string, string[]> = {
    [CASE_WHITE_ID]: windowHexes(d.poland),
    [BULGE_ID]: windowHexes(d.bulgeLayer),
    [BISMARCK_ID]: [],
  };
  const drawn = new Set(Object.values(windows).flat());
  const hexes: Record<string, Json> = {};
  for (const id of drawn) {
    const h = map.hexes[id]!;
    const city = h.city && { name: h.city.name, capital: !!h.city.capital, port: !!h.city.port, production: h.city.resource === 'city' };
    hexes[id] = {
      kind: h.terrain === 'lake' && h.kind !== 'coastal' ? 'lake' : h.kind,
      ...(h.terrain && h.terrain !== 'lake' ? { terrain: h.terrain } : {}),
      ...(h.country ? { country: h.country } : {}),
      ...(city ? { city } : h.place ? { label: h.place } : {}),
    };
  }
  const hexsides: Record<string, Json> = {};
  for (const [k, s] of Object.entries(map.hexsides)) {
    const [a, b] = k.split('|') as [string, string];
    if (s.river && drawn.has(a) && drawn.has(b)) hexsides[k] = { features: ['river'] };
  }
  const units: Record<string, Json> = {};
  for (const st of [caseWhiteSetup('scripted'), bulgeSetup()]) {
    for (const u of [...Object.values(st.land!.units), ...Object.values(st.land!.air)]) {
      units[u.id] ??= { power: u.nation, type: u.kind, name: designation(u) };
    }
  }
  for (const sh of Object.values(bismarckSetup().ships)) units[sh.id] = { power: sh.nation, type: sh.type, name: shipDesignation(sh.name) };
  const countries: Record<string, Json> = {};
  for (const [c, v] of Object.entries(map.countries)) countries[c] = { name: v.name };
  cached = {
    map: {
      grid: { layout: 'flat-top columns', offset: 'even-down', sheets: sheetSpecs() as unknown as Json },
      hexes, hexsides, countries, windows, boxes: bismarckBoxes(),
    },
    counters: { powers: POWERS, types: TYPES, units },
    viewUnits: [
      { path: 'land.units', where: ['hex', 'where'], rename: { nation: 'power', kind: 'type', depleted: 'reduced', name: 'title' },
        factors: ['strength', 'ma'], reducedFactors: ['depletedStrength', 'ma'], typeFactors: { general: ['combat', 'exploit'], hq: ['radius'] } },
      { path: 'land.air', where: ['base', 'where'], rename: { nation: 'power', kind: 'type', depleted: 'reduced', name: 'title' },
        factors: ['strength', 'range'], reducedFactors: ['depletedStrength', 'range'] },
      { path: 'ships', where: ['space'], rename: { nation: 'power', damaged: 'reduced', name: 'title' }, placeIf: { sunk: 'sunk' }, unplaced: 'setup' },
    ],
    viewControl: 'land.control',
    // Naval actions name a `ship` and a `space`, air missions an `air` unit.
    actionFields: { units: ['unit', 'units', 'ship', 'ships', 'air'], places: ['to', 'hex', 'space', 'target', 'at', 'where'] },
    reconstructed: [{
      subject: 'map',
      text: 'The map is generated from Natural Earth geography and hand-drawn layers (tools/map/eto-build.ts), not traced from the printed sheets.',
    }],
  };
  return cached;
}
