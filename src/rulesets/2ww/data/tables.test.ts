// Turn Record Track, Terrain Chart and Production Costs helpers.
import { describe, expect, it } from 'vitest';
import {
  lendLeaseMax, productionCost, riverRule, terrainChart, terrainRules, turnInfo, turnTrack, unitProductionCost, usEntryTurn,
} from './index.ts';

describe('2WW Turn Record Track', () => {
  it('2WW 3.4.4, 4, 13: 23 turns of one season each from Autumn 1939 to Spring 1945, Winter first in each year', () => {
    expect(turnTrack().turns).toHaveLength(23);
    expect(turnInfo(1).label).toBe('Autumn 1939');
    expect(turnInfo(2).label).toBe('Winter 1940');
    expect(turnInfo(23).label).toBe('Spring 1945');
  });
  it('2WW 3.4.5, 12.1.1, 12.4.1, 12.5, 6.2.2: dated events fall on their turns of the Turn Record Track', () => {
    const m = turnTrack().milestones;
    expect(turnInfo(m.italyEntry.turn).label).toBe('Summer 1940');
    expect(turnInfo(m.iraqRebellionFrom.turn).label).toBe('Winter 1941');
    expect(turnInfo(m.ussrEntry.turn).label).toBe('Winter 1942');
    expect(turnInfo(m.improvedAsw.turn).label).toBe('Spring 1943');
  });
  it('2WW 12.3.2: the Lend-Lease maximum is 4 once the USSR can be at war, and covers the Summer 1941 example', () => {
    expect(lendLeaseMax(1)).toBe(0);
    expect(lendLeaseMax(8)).toBeGreaterThanOrEqual(3); // 2WW 6 example sends 3 in Summer 1941
    expect(lendLeaseMax(turnTrack().milestones.ussrEntry.turn)).toBe(4);
  });
  it('2WW 5.3.1: each neutral invaded by Britain or France before US entry delays it one turn', () => {
    expect(usEntryTurn(0)).toBe(turnTrack().usEntry.baseTurn);
    expect(usEntryTurn(2)).toBe(turnTrack().usEntry.baseTurn + 2);
  });
});

describe('2WW Terrain Chart', () => {
  it('2WW 4.2 C.3: no terrain shifts more than the 2-column maximum; fleets and air ignore the chart', () => {
    expect(terrainChart().maxShift.value).toBe(2);
    for (const t of Object.values(terrainRules())) expect(t.shift).toBeLessThanOrEqual(2);
  });
  it('2WW 8.1: land units may not enter sea; the map terrain ids are all on the chart', () => {
    const r = terrainRules();
    expect(r.sea!.cost).toBeNull();
    for (const id of ['clear', 'mountain', 'forest', 'marsh', 'desert']) expect(r[id]!.cost).toBeGreaterThanOrEqual(1);
  });
  it('2WW 4.2 C.3: a river shifts only when every firing land attacker is across it', () => {
    expect(riverRule().defenderShift).toBe(-1);
    expect(terrainChart().hexsides.find((h) => h.id === 'river')!.shiftCondition).toBe('all-firing-land-attackers-across');
  });
});

describe('2WW Production Costs', () => {
  it('2WW 3.3.1: infantry is cheaper to produce than armor', () => {
    expect(productionCost('infantry', 'build')).toBeLessThan(productionCost('armor', 'build'));
  });
  it('2WW 12.4.2: the neutral USSR\'s 2 points upgrade reduced Soviet units', () => {
    expect(unitProductionCost('su-inf-1', 'upgrade')).toBeLessThanOrEqual(2);
    expect(unitProductionCost('su-arm-1t', 'upgrade')).toBeLessThanOrEqual(2);
  });
  it('2WW 7.1.3, 12.5.1: a minor\'s single Winter point can rebuild its one-sided unit, never upgrade it', () => {
    expect(unitProductionCost('iq-inf', 'build')).toBe(1);
    expect(unitProductionCost('fi-inf', 'upgrade')).toBeNull();
    expect(unitProductionCost('pl-inf-1', 'upgrade')).toBe(1);
  });
  it('2WW 7.2.5: the Maginot fort can never be rebuilt', () => {
    expect(unitProductionCost('fr-fort-maginot', 'build')).toBeNull();
    expect(unitProductionCost('ge-fort-3', 'build')).toBe(productionCost('fort', 'build'));
  });
});
