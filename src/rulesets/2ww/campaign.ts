// The campaign World built from data/map.json (map engineer), data/counters.json and data/terrain-chart.json.
// Map country ids ("germany", territories like "libya") become power ids ("ge", owner "it" with region "libya").
import { type Map2ww, loadMap2ww, riverRule, terrainRules } from './data/index.ts';
import { type BoxData, type HexData, type World, makeWorld } from './world.ts';

/** Map country id -> power id (2WW 3.4.1 powers; extra minors of the map get short ids of their own). */
export const POWER_OF_MAP_COUNTRY: Record<string, string> = {
  france: 'fr', gb: 'gb', germany: 'ge', italy: 'it', ussr: 'su', usa: 'us', finland: 'fi', hungary: 'hu',
  rumania: 'ru', bulgaria: 'bg', iraq: 'iq', portugal: 'pt', spain: 'es', belgium: 'be', netherlands: 'nl',
  poland: 'pl', sweden: 'se', yugoslavia: 'yu', greece: 'gr', turkey: 'tr', persia: 'ir', norway: 'no',
  denmark: 'dk', switzerland: 'ch', ireland: 'ie', luxembourg: 'lu', 'saudi-arabia': 'sa', afghanistan: 'af',
};

/** Box ids of the rule set: the Atlantic box has an ocean and a land (United States) portion. */
export const ATLANTIC_OCEAN = 'atlantic-ocean';
export const ATLANTIC_LAND = 'atlantic-land';
const boxId = (b: string) => (b === 'atlantic' ? ATLANTIC_OCEAN : b);

export function buildCampaignWorld(): World {
  const m = loadMap2ww();
  const hexes: Record<string, HexData> = {};
  for (const [id, h] of Object.entries(m.hexes)) {
    const mc = h.country ? m.countries[h.country] : undefined;
    const territory = mc?.kind === 'territory';
    const owner = territory ? mc!.owner! : h.country;
    const power = owner ? POWER_OF_MAP_COUNTRY[owner] ?? owner : null;
    const d: HexData = { id, kind: h.kind, terrain: h.terrain ?? 'sea', country: power };
    if (territory) {
      d.region = h.country!;
      if (owner === 'france' || owner === 'gb' || owner === 'italy') d.overseas = true;
    }
    if (h.country === 'gb') d.region = 'britain';
    if (h.country === 'ireland') d.region = 'ireland';
    if (h.vichy) d.region = 'vichy';
    if (mc?.noRail) d.noRail = true;
    if (h.city) {
      d.city = h.city.name;
      if (h.city.port) d.port = true;
      if (h.city.production) d.production = true;
      if (h.city.vichyProduction) d.vichyProduction = true;
      // A capital counts for its hex's power only (Luxembourg's name sits in a German hex on this map).
      if (h.city.capital && !territory && Object.values(mc?.capitalHexes ?? {}).includes(id)) d.capitalOf = power!;
      if (territory && mc!.capitals?.includes(h.city.name)) d.territoryCapital = true;
    }
    hexes[id] = d;
  }
  const hexsides: Record<string, { river?: boolean; allSea?: boolean; allLand?: boolean }> = {};
  for (const [k, s] of Object.entries(m.hexsides)) {
    hexsides[k] = { ...(s.river ? { river: true } : {}), ...(s.type === 'sea' ? { allSea: true } : s.type === 'land' ? { allLand: true } : {}) };
  }
  const boxes: BoxData[] = [{ id: ATLANTIC_LAND, name: 'the United States', alliedOnly: true, land: true }];
  const links: { a: string; b: string | string[]; kind: string; cost: number }[] = [{ a: ATLANTIC_LAND, b: ATLANTIC_OCEAN, kind: 'box', cost: 0 }];
  const seen = new Set<string>();
  for (const [id, b] of Object.entries(m.boxes)) {
    const bid = boxId(id);
    boxes.push({ id: bid, name: b.name, alliedOnly: !b.axisMayEnter });
    if (b.westEdgeCost) links.push({ a: bid, b: m.westEdge, kind: 'box-edge', cost: b.westEdgeCost });
    if (b.hexes.length) links.push({ a: bid, b: b.hexes, kind: 'box-hex', cost: 0 });
    for (const o of b.boxes) {
      const key = [bid, boxId(o)].sort().join('|');
      if (seen.has(key)) continue;
      seen.add(key);
      links.push({ a: bid, b: boxId(o), kind: 'box-box', cost: 30 });
    }
  }
  const river = riverRule();
  return makeWorld({
    id: 'campaign',
    board: {
      sheets: [{ prefix: '', cols: m.grid.cols, rows: m.grid.rows, offset: m.grid.offset, omit: omitted(m) }],
      nodes: boxes.map((b) => ({ id: b.id, kind: 'box' })),
      links,
    },
    hexes, hexsides, boxes, terrain: terrainRules(), riverCost: river.cost,
  });
}

function omitted(m: Map2ww): string[] {
  const out: string[] = [];
  for (let c = m.grid.cols[0]; c <= m.grid.cols[1]; c++) {
    for (let r = m.grid.rows[0]; r <= m.grid.rows[1]; r++) {
      const id = String(c).padStart(2, '0') + String(r).padStart(2, '0');
      if (!m.hexes[id]) out.push(id);
    }
  }
  return out;
}


/** Powers present on the campaign map that the setup file does not list (neutral minors of the map). */
export function extraMapCountries(): string[] {
  const m = loadMap2ww();
  return Object.entries(m.countries).filter(([, c]) => c.kind === 'minor').map(([id]) => POWER_OF_MAP_COUNTRY[id] ?? id);
}
