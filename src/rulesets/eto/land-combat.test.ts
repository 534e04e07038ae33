import { describe, expect, it } from 'vitest';
import { attackStrength, crtResult, oddsColumn } from './land-combat.ts';

describe('ETO land combat arithmetic (26.1-26.2) and the CRT, example of play September 1939', () => {
  it('ETO 26.1 odds round in the defender\'s favour; 5-1 reads 4-1; beyond the table clamps to 1-3 and 6-1', () => {
    expect(oddsColumn(10, 4)).toBe('2-1');
    expect(oddsColumn(20, 4)).toBe('4-1');
    expect(oddsColumn(1, 4)).toBe('1-3');
    expect(oddsColumn(40, 4)).toBe('6-1');
    expect(oddsColumn(6, 4)).toBe('3-2');
  });

  it('ETO 26.2 TC-BT-1: Kleist\'s armor 8 + general 3 + bomber 6 counts 16 (land units at least half) -> 4-1; roll 2 +2 = DEx', () => {
    const att = attackStrength(8, 3 + 6);
    expect(att).toBe(16);
    expect(oddsColumn(att, 4)).toBe('4-1');
    expect(crtResult('4-1', 2, 2)).toEqual({ row: 4, result: 'DEx' });
  });

  it('ETO CRT TC-BT-2: Guderian 8 + 4 + fighter-bomber 4 = 16 vs 4; roll 6 +2 = 8 read as 7: DE', () => {
    expect(oddsColumn(attackStrength(8, 4 + 4), 4)).toBe('4-1');
    expect(crtResult('4-1', 6, 2)).toEqual({ row: 7, result: 'DE' });
  });

  it('ETO CRT TC-CRT-1: Poznan 24 + 4 vs 4 is 6-1; roll 1 +2 = 3: DEx', () => {
    expect(oddsColumn(attackStrength(24, 4), 4)).toBe('6-1');
    expect(crtResult('6-1', 1, 2).result).toBe('DEx');
  });

  it('ETO CRT TC-CRT-2: Warsaw 43 vs 12 is 3-1 (49 with the bomber would be 4-1); roll 2 +2 = 4: (D2)', () => {
    expect(oddsColumn(43, 12)).toBe('3-1');
    expect(oddsColumn(49, 12)).toBe('4-1');
    expect(crtResult('3-1', 2, 2).result).toBe('(D2)');
  });

  it('ETO CRT modified rolls below 0 read row 0', () => {
    expect(crtResult('1-1', 1, -3)).toEqual({ row: 0, result: 'XX' });
  });
});
