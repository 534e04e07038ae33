import { describe, expect, it } from 'vitest';
import mapJson from './map.json' with { type: 'json' };
import { findCityHex, hexsideBetween, loadMap2ww, mapNeighbours, NAMED_CITIES, NAMED_HEXES, validateMap } from './map.ts';

const map = loadMap2ww();
const cityHex = (name: string): string => {
  const e = Object.entries(map.hexes).find(([, h]) => h.city && (h.city.name === name || h.city.also?.includes(name)));
  if (!e) throw new Error(`no hex holds ${name}`);
  return e[0];
};
const clone = (): any => JSON.parse(JSON.stringify(mapJson));

/** Hexes a land unit (fleet) can reach from `start` through non-sea (non-land) hexes and hexsides, avoiding `closed`. */
function reach(start: string, by: 'land' | 'fleet', closed: string[] = []): Set<string> {
  const blockedHex = by === 'land' ? 'sea' : 'land';
  const seen = new Set([start, ...closed]);
  const queue = [start];
  while (queue.length) {
    const a = queue.shift()!;
    for (const b of mapNeighbours(map, a)) {
      if (seen.has(b) || map.hexes[b].kind === blockedHex || hexsideBetween(map, a, b)?.type === blockedHex) continue;
      seen.add(b);
      queue.push(b);
    }
  }
  return seen;
}

describe('2WW map.json', () => {
  it('passes the schema and every cross-check', () => {
    expect(validateMap(mapJson)).toEqual([]);
  });

  it('loads once and caches', () => {
    expect(loadMap2ww()).toBe(map);
  });

  describe.each(NAMED_HEXES)('rulebook hex $hex ($rule)', (role) => {
    it(`${role.rule}: hex ${role.hex} has the role the rules give it`, () => {
      const h = map.hexes[role.hex];
      expect(h).toBeDefined();
      if (role.kind) expect(role.kind).toContain(h.kind);
      if (role.country) expect(h.country).toBe(role.country);
      if (role.city) expect(h.city?.name).toBe(role.city);
      if (role.port) expect(h.city?.port).toBe(true);
      if (role.capital) expect(h.city?.capital).toBe(true);
      if (role.production) expect(h.city?.production).toBeGreaterThan(0);
      if (role.danishWaters) expect(h.danishWaters).toBe(role.danishWaters);
    });
  });

  it.each(NAMED_CITIES)('$rule: $city lies in $country with its role', (nc) => {
    const h = map.hexes[cityHex(nc.city)];
    expect(h.country).toBe(nc.country);
    if (nc.port) expect(h.city?.port).toBe(true);
    if (nc.capital) expect(h.city?.capital).toBe(true);
  });

  it('2WW 8.1: the straits hexes are exactly 1315, 2911, 3012, 3414, 3415', () => {
    const straits = Object.keys(map.hexes).filter((id) => map.hexes[id].kind === 'straits').sort();
    expect(straits).toEqual(['1315', '2911', '3012', '3414', '3415']);
  });

  it('2WW 3.2 errata: no border between 2403 and 2404', () => {
    expect(hexsideBetween(map, '2403', '2404')?.border).toBeUndefined();
  });

  it('2WW 9 example: 2214 can be entered by a retreating German infantry (land or coastal)', () => {
    expect(['land', 'coastal']).toContain(map.hexes['2214'].kind);
    expect(map.hexes['2214'].country).toBe('tunisia');
  });

  it('2WW 3.2, 8.3.1: the open Mediterranean, North Sea, Black Sea and Atlantic are all-sea hexes', () => {
    for (const id of ['1010', '1310', '1409', '1705', '1914', '2212', '2313', '2513', '2514', '2614', '3009', '3109']) {
      expect(map.hexes[id].kind, id).toBe('sea');
    }
  });

  it('2WW 3.4.2: Switzerland is land-locked all-land hexes that border no sea', () => {
    const swiss = Object.keys(map.hexes).filter((id) => map.hexes[id].country === 'switzerland');
    expect(swiss.length).toBeGreaterThan(0);
    for (const id of swiss) {
      expect(map.hexes[id].kind).toBe('land');
      for (const n of mapNeighbours(map, id)) expect(map.hexes[n].kind, `${id} next to ${n}`).not.toBe('sea');
    }
    expect(map.countries.switzerland.impassable).toBe(true);
  });

  it('2WW 12.4.1: eastern Poland and the Baltic states start inside the USSR; Warsaw stays Polish', () => {
    for (const c of ['Brest-Litovsk', 'Lvov', 'Minsk', 'Kaunas', 'Riga']) expect(map.hexes[cityHex(c)].country, c).toBe('ussr');
    expect(map.hexes[cityHex('Warsaw')].country).toBe('poland');
  });

  it('2WW 3.4.1: the USSR has three capitals on the map, Moscow among them', () => {
    const caps = map.countries.ussr.capitalHexes;
    expect(Object.keys(caps)).toHaveLength(3);
    expect(caps.Moscow).toBe('2903');
    for (const hex of Object.values(caps)) expect(map.hexes[hex!].city?.capital).toBe(true);
  });

  it('2WW 12.1.1: Italian territory includes Albania, Sardinia, Rhodes and Libya', () => {
    expect(map.countries.albania.owner).toBe('italy');
    expect(map.countries.libya.owner).toBe('italy');
    expect(map.countries.dodecanese.owner).toBe('italy');
    expect(map.hexes[cityHex('Tripoli')].country).toBe('libya');
  });

  it('2WW 12.2.1, 12.2.3: France is split by the Vichy line and each (Fr) territory has a capital', () => {
    const france = Object.values(map.hexes).filter((h) => h.country === 'france');
    expect(france.some((h) => h.vichy)).toBe(true);
    expect(france.some((h) => !h.vichy)).toBe(true);
    expect(map.hexes[cityHex('Paris')].vichy).toBeUndefined();
    expect(map.hexes['1911'].vichy).toBe(true);
    expect(Object.values(map.hexsides).some((s) => s.vichyLine)).toBe(true);
    for (const [id, c] of Object.entries(map.countries)) {
      if (!c.fr || Object.values(map.hexes).every((h) => h.country !== id)) continue;
      expect(c.capitals.length, id).toBeGreaterThan(0);
      for (const hex of Object.values(c.capitalHexes)) expect(hex, id).not.toBeNull();
    }
  });

  it('2WW 12.5: Iraq is closed to all units until it rebels, with Baghdad its capital', () => {
    expect(map.countries.iraq.noEntryUntilRebellion).toBe(true);
    expect(map.countries.iraq.capitalHexes.Baghdad).toBe(cityHex('Baghdad'));
  });

  it('2WW 8.1.2: no rail movement in Spanish Morocco, French N. Africa, Tunisia, Libya, Saudi Arabia and Persia', () => {
    const noRail = Object.keys(map.countries).filter((id) => map.countries[id].noRail).sort();
    expect(noRail).toEqual(['algeria', 'french-africa', 'french-morocco', 'libya', 'persia', 'saudi-arabia', 'spanish-morocco', 'tunisia']);
    expect(map.countries.libya.noRailProvenance).toEqual({ source: 'rulebook', rule: expect.stringContaining('8.1.2') });
    expect(findCityHex(map, 'Tetuan')).toBe('1316');
  });

  it('2WW 7.1.7: Italy has exactly two production points', () => {
    const pts = Object.values(map.hexes).filter((h) => h.country === 'italy').reduce((s, h) => s + (h.city?.production ?? 0), 0);
    expect(pts).toBe(2);
  });

  it('2WW 8.3.3: the four sea-zone boxes link both ways; Axis fleets may use only the Atlantic', () => {
    expect(Object.keys(map.boxes).sort()).toEqual(['atlantic', 'capetown', 'persian-gulf', 'red-sea']);
    expect(map.boxes.atlantic.westEdgeCost).toBe(30);
    expect(map.boxes.capetown.westEdgeCost).toBe(30);
    for (const [id, b] of Object.entries(map.boxes)) expect(b.axisMayEnter, id).toBe(id === 'atlantic');
    expect(map.boxes['red-sea'].hexes).toContain('3415');
    expect(map.boxes['persian-gulf'].hexes.length).toBeGreaterThan(0);
    expect(map.westEdge.length).toBe(map.grid.rows[1] - map.grid.rows[0] + 1);
    for (const id of map.westEdge) expect(map.hexes[id].kind).toBe('sea');
  });

  it('every hex the rulebook places cites its rule; the Cairo ruling is marked reconstructed', () => {
    for (const role of NAMED_HEXES) {
      const h = map.hexes[role.hex];
      const cites = Object.values({ ...h.provenance, ...(h.city?.provenance ?? {}) }).filter((p) => p.source === 'rulebook');
      if (role.rule.includes('ruling')) expect(h.provenance.named?.source, role.hex).toBe('reconstructed');
      else if (role.city || role.country || role.danishWaters || role.kind?.join() === 'straits') expect(cites.length, role.hex).toBeGreaterThan(0);
    }
  });

  it('2WW 8.3.1: fleets from the west edge reach the Baltic through the Danish waters, the Black Sea through the straits and Suez', () => {
    const sea = reach(map.westEdge[0], 'fleet');
    for (const id of ['1904', '2003', '2004', '2303', '1911', '2411', '3315', '2911', '3012', '3108', '2601', '3414', '3415']) {
      expect(sea.has(id), id).toBe(true);
    }
  });

  it('2WW 8.1, 8.3.2: fleets pass only through the chokepoints: Gibraltar, the Bosporus and Dardanelles, Suez, the Danish waters', () => {
    const med = '2313';
    expect(reach('1010', 'fleet', ['1315']).has(med)).toBe(false);
    expect(reach(med, 'fleet', ['2911']).has('3009')).toBe(false);
    expect(reach(med, 'fleet', ['3012']).has('3009')).toBe(false);
    expect(reach(med, 'fleet', ['3414']).has('3416')).toBe(false);
    expect(reach(med, 'fleet', ['3415']).has('3416')).toBe(false);
    expect(reach('1010', 'fleet', ['1904', '2003', '2004']).has('2303')).toBe(false);
  });

  it('2WW 8.1: land units cannot walk from France to Britain, Ireland or the islands; Tunis joins Egypt and Moscow', () => {
    const fromMoscow = reach('2903', 'land');
    for (const c of ['London', 'Dublin', 'Malta', 'Cagliari', 'Nicosia', 'Suda Bay']) expect(fromMoscow.has(cityHex(c)), c).toBe(false);
    for (const c of ['Paris', 'Madrid', 'Tunis', 'Cairo', 'Baghdad', 'Ankara', 'Helsinki']) expect(fromMoscow.has(cityHex(c)), c).toBe(true);
    expect(reach(cityHex('London'), 'land').has(cityHex('Dublin'))).toBe(false);
  });

  it('2WW 2.5: Italian units at Tobruk 2716 can march by land to Tripoli and Tunis around the Gulf of Sidra', () => {
    const fromTobruk = reach('2716', 'land');
    for (const c of ['Tripoli', 'Benghazi', 'Tunis', 'Algiers', 'Alexandria']) expect(fromTobruk.has(cityHex(c)), c).toBe(true);
  });

  describe('validateMap reports broken maps with file, field and a fix', () => {
    it('a missing named city', () => {
      const m = clone();
      delete m.hexes['2903'].city;
      const p = validateMap(m);
      expect(p.some((x) => x.field === 'hexes.2903.city' && /Moscow/.test(x.message))).toBe(true);
    });
    it('a hexside between hexes that are not adjacent', () => {
      const m = clone();
      m.hexsides['1010|1015'] = { type: 'sea' };
      expect(validateMap(m).some((x) => x.field === 'hexsides.1010|1015' && /not adjacent/.test(x.message))).toBe(true);
    });
    it('a box listing a hex that is not on the map', () => {
      const m = clone();
      m.boxes['red-sea'].hexes.push('9999');
      expect(validateMap(m).some((x) => x.field === 'boxes.red-sea.hexes' && /9999/.test(x.message))).toBe(true);
    });
    it('a border put back between 2403 and 2404', () => {
      const m = clone();
      m.hexsides['2403|2404'].border = true;
      expect(validateMap(m).some((x) => x.field === 'hexsides.2403|2404.border')).toBe(true);
    });
    it('a schema error names the field', () => {
      const m = clone();
      m.hexes['2214'].kind = 'swamp';
      const p = validateMap(m);
      expect(p[0].file).toMatch(/map\.json$/);
      expect(p[0].field).toBe('hexes.2214.kind');
    });
  });
});
