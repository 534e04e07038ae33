import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkFact, checkMapFacts, factsFile, type FactMap } from './map-facts.ts';
import { mapConfigIds } from './configs.ts';

const withFacts = mapConfigIds().filter((id) => existsSync(factsFile(id)));

describe('map facts: every hex fact a rulebook states holds on the generated map (src/rulesets/<id>/data/map-facts.json)', () => {
  it('2WW and ETO list their facts', () => {
    expect(withFacts).toEqual(expect.arrayContaining(['2ww', 'eto']));
  });

  for (const id of withFacts) {
    it(`${id}: each fact holds, except those a ruling decides, which do not`, async () => {
      const r = await checkMapFacts(id);
      expect(r.broken.map((b) => `${JSON.stringify(b.fact)}: ${b.why}`)).toEqual([]);
      expect(r.stale.map((f) => `${JSON.stringify(f)} holds: ${f.ruling} is stale`)).toEqual([]);
      expect(r.hold + r.ruled.length).toBe(r.listed);
    });
  }

  it('a fact that does not hold says what the map has', () => {
    const m: FactMap = {
      hex: (id) => (id === '0101' ? { id, kind: 'land', country: 'fr', terrain: 'clear', city: { name: 'Lille' } } : undefined),
      side: () => undefined,
      neighbours: () => [],
      distance: () => 0,
      cityHex: () => undefined,
      canalSides: () => 0,
    };
    expect(checkFact(m, { hex: '0101', is: 'port', rule: 'x' })).toBe('no port: land clear fr (Lille)');
    expect(checkFact(m, { hex: '0101', is: 'country', country: 'be', rule: 'x' })).toBe('country fr, not be');
    expect(checkFact(m, { hex: '0202', is: 'land', rule: 'x' })).toBe('0202 is not on the map');
    expect(checkFact(m, { hex: '0101', is: 'city', name: 'Lille', rule: 'x' })).toBeNull();
  });
});
