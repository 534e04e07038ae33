import { describe, expect, it } from 'vitest';
import { buildBoard, type SheetSpec } from '../../../board/index.ts';
import { etoData, RAW_ETO_DATA, validateEtoData } from './index.ts';
import { etoMap, mapShapeProblem } from './map-schema.ts';

const byId = (): Map<string, ReturnType<typeof etoMap>['hexes'][string]> => {
  const out = new Map<string, ReturnType<typeof etoMap>['hexes'][string]>();
  for (const [k, h] of Object.entries(etoMap().hexes)) for (const id of h.ids ?? [k]) out.set(id, h);
  return out;
};

describe('generated ETO map (data/map.json)', () => {
  it('ETO map key: both sheets, every hex once, overlap hexes under both ids as src/board joins them', () => {
    const map = etoMap();
    const board = buildBoard({ sheets: etoData().sheets.sheets.map(({ provenance: _p, ...s }) => s as SheetSpec) });
    expect(Object.keys(map.hexes).length).toBe(board.hexCount);
    for (const [k, h] of Object.entries(map.hexes)) {
      expect(board.id(board.index(k))).toBe(k);
      for (const id of h.ids ?? []) expect(board.index(id)).toBe(board.index(k));
    }
    const overlap = Object.values(map.hexes).filter((h) => h.ids);
    expect(overlap.length).toBeGreaterThan(0);
    for (const key of Object.keys(map.hexsides)) {
      const [a, b] = key.split('|');
      expect(board.edgeBetween(board.index(a), board.index(b))).toBeGreaterThanOrEqual(0);
    }
    expect(map.buildProblems).toEqual([]);
  });

  it('ETO map key, scenario 4 [4.1], 31.6: the named cities sit in their printed hexes', () => {
    const h = byId();
    expect(h.get('E1924')?.city?.name).toBe('Moscow');
    expect(h.get('W3533')?.city?.name).toBe('Warsaw');
    expect(h.get('W3629')?.city?.name).toBe('Poznan');
    expect(h.get('W3232')?.city?.name).toBe('Krakow');
    expect(h.get('E3032')?.place).toBe('Lvov');
    expect(h.get('E5629')?.city?.name).toBe('Tobruk');
    expect(h.get('W1316')?.city?.name).toBe('Algiers');
    expect(h.get('W3533')?.country).toBe('poland');
    expect(h.get('E3032')?.country).toBe('poland');
    for (const id of ['W1314', 'W1315', 'E4329', 'E4428']) expect(h.get(id)?.kind).toBe('coastal');
  });

  it('ETO example of play (Autumn 1939 income, conquest of Poland): six Polish resource hexes, three of them city resource hexes', () => {
    const polish = Object.values(etoMap().hexes).filter((x) => x.country === 'poland');
    const cityRes = polish.filter((x) => x.city?.resource === 'city').map((x) => x.city!.name).sort();
    expect(cityRes).toEqual(['Krakow', 'Poznan', 'Warsaw']);
    expect(polish.filter((x) => x.city?.resource === 'city' || x.resource === 'plain').length).toBe(6);
  });

  it('ETO scenario 4 [4.1] and example of play: German start hexes in East Prussia and Slovakia, Danzig Polish, Konigsberg W3932', () => {
    const h = byId();
    for (const id of ['W3831', 'W3832', 'W3833', 'W3932']) expect(h.get(id)?.country, id).toBe('east-prussia');
    for (const id of ['W3131', 'W3132', 'W3133', 'W3134']) expect(h.get(id)?.country, id).toBe('slovakia');
    expect(h.get('W3931')?.country).toBe('poland');
    expect(h.get('W3932')?.city?.name).toBe('Königsberg');
  });

  it('ETO 1.0: Moscow is in the severe zone, Athens moderate, Cairo mild', () => {
    const cityHex = (name: string) => Object.values(etoMap().hexes).find((h) => h.city?.name === name || h.city?.also?.includes(name));
    expect(cityHex('Moscow')?.weather).toBe('severe');
    expect(cityHex('Athens')?.weather).toBe('moderate');
    expect(cityHex('Cairo')?.weather).toBe('mild');
  });

  it('ETO 7.2, 7.7: sea hexes belong to sea areas; Scapa Flow and Gibraltar are major ports, Bergen minor', () => {
    const h = byId();
    const sea = Object.values(etoMap().hexes).filter((x) => x.kind === 'sea');
    expect(sea.filter((x) => !x.seaArea).length).toBe(0);
    expect(h.get('W4716')?.city?.port).toBe('major');
    expect(h.get('W1407')?.city?.port).toBe('major');
    expect(h.get('W4922')?.city?.port).toBe('minor');
    expect(h.get('W4716')?.seaArea).toBe('north-sea');
  });

  it('ETO 7.7: every port on the map is in a coastal hex with a water hexside (issue 20: about 15 sat on all-land hexes)', () => {
    const m = etoMap();
    const wet = new Set<string>();
    for (const [k, side] of Object.entries(m.hexsides)) if (side.type !== 'land') for (const id of k.split('|')) wet.add(id);
    const ports = Object.entries(m.hexes).filter(([, x]) => x.city?.port);
    expect(ports.length).toBeGreaterThan(100);
    expect(ports.filter(([id, x]) => x.kind !== 'coastal' || !wet.has(id)).map(([id, x]) => `${x.city!.name} ${id} ${x.kind}`)).toEqual([]);
  });

  it('ETO map, issue 20: no phantom land in the Norwegian Sea; Finnmark and Lapland are land, Narvik Norwegian on the coast', () => {
    const h = byId();
    const kinds = (col: number, rows: [number, number]) => Array.from({ length: rows[1] - rows[0] + 1 }, (_, i) => h.get(`W${col}${String(rows[0] + i).padStart(2, '0')}`)?.kind);
    // The old chord drew land across W6416-W6431 and W6322-W6329: the Barents and Norwegian Seas north of the cape.
    const notSea = [63, 64].flatMap((col) => kinds(col, [16, 34]).flatMap((k, i) => (k === 'sea' ? [] : [`W${col}${16 + i}`])));
    expect(notSea).toEqual(['W6418']); // Jan Mayen, a Norwegian island (7 % land)
    expect(kinds(60, [32, 34])).toEqual(['land', 'land', 'land']);
    expect(kinds(61, [31, 34]).every((k) => k === 'coastal' || k === 'land')).toBe(true);
    expect(h.get('W5829')).toMatchObject({ kind: 'coastal', country: 'norway', city: { name: 'Narvik' } });
  });

  it('ETO map, issue 20: one fit for both sheets, so the rivers that cross the join run on as one chain of hexsides', () => {
    const chains = new Map<string, string[][]>();
    for (const [k, side] of Object.entries(etoMap().hexsides)) if (side.river) (chains.get(side.river) ?? chains.set(side.river, []).get(side.river)!).push(k.split('|'));
    for (const river of ['Danube', 'Bug', 'San', 'Niemen', 'Narew', 'Dvina']) {
      const sides = chains.get(river)!;
      expect(new Set(sides.flat().map((h) => h[0])), river).toEqual(new Set(['W', 'E']));
      // Hexsides touching a common hex are linked; the river is one piece.
      const reached = new Set<number>([0]);
      for (let grew = true; grew;) {
        grew = false;
        sides.forEach((s, i) => {
          if (!reached.has(i) && [...reached].some((j) => sides[j]!.some((h) => s.includes(h)))) { reached.add(i); grew = true; }
        });
      }
      expect(reached.size, river).toBe(sides.length);
    }
  });

  it('ETO 32.1, cards: colonial city resource hexes and the Egyptian/Iraqi/Albanian resource hexes', () => {
    const h = byId();
    for (const id of ['W1932', 'W1933', 'E5622', 'E5621', 'E5721', 'E4810', 'E5111']) {
      const x = h.get(id)!;
      expect(x.resource === 'plain' || x.city?.resource === 'city', id).toBe(true);
    }
    expect(h.get('W1316')?.city?.resource).toBe('city');
  });

  it('ETO fit: every weighted named hex within 2 hex widths of its real place (reported residuals)', () => {
    for (const r of etoMap().projection.residuals) if (!r.checkOnly) expect(r.distance, r.hex).toBeLessThan(2);
  });

  it('the data check runs the whole schema on map.json (the load only guards its shape)', () => {
    expect(validateEtoData()).toEqual([]);
    const copy = structuredClone(RAW_ETO_DATA['map.json']) as { hexes: Record<string, { terrain: unknown }> };
    copy.hexes.W3533!.terrain = 'swamp';
    const problems = validateEtoData({ ...RAW_ETO_DATA, 'map.json': copy });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ file: 'map.json', field: 'hexes.W3533.terrain' });
    expect(problems[0]!.message).toContain('clear');
  });

  it('the load guard names the field of a map.json the rules cannot read', () => {
    expect(mapShapeProblem(RAW_ETO_DATA['map.json'])).toBeNull();
    const copy = structuredClone(RAW_ETO_DATA['map.json']) as { hexes: Record<string, { kind: unknown }> };
    copy.hexes.W3533!.kind = 'swamp';
    expect(mapShapeProblem(copy)).toBe('hexes.W3533.kind: expected land, coastal or sea');
    expect(mapShapeProblem({ ...copy, hexes: undefined })).toBe('hexes: expected an object');
    expect(mapShapeProblem({ ...copy, rulesetId: '2ww' })).toBe('rulesetId: expected "eto", got "2ww"');
  });
});
