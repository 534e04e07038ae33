// The reconstructed maps against every adjacency the rulebook evidences (and the one it rules out), the data files
// against their schemas and cross-references, the assets against the board contract.
import { describe, expect, it } from 'vitest';
import { checkAssets } from '../../../engine/board.ts';
import { bkg } from '../index.ts';
import { bkgMap, coastsOf, landNeighbours, seaNeighbours } from '../map.ts';
import { bkgData, validateBkgData } from './index.ts';

const land = (a: string, b: string) => landNeighbours(a).includes(b);
const coast = (a: string, s: string) => coastsOf(a).includes(s);
const sea = (a: string, b: string) => seaNeighbours(a).includes(b);

describe('BKG maps', () => {
  it('every data file passes its schema and cross-references', () => {
    expect(validateBkgData()).toEqual([]);
  });

  it('assets conform to the board contract', () => {
    const a = checkAssets('bkg', bkg.assets!());
    expect(Object.keys(a.board.areas!)).toHaveLength(bkgData().map.areas.length);
    expect(a.board.windows!.europe!.length + a.board.windows!.pacific!.length).toBe(bkgData().map.areas.length);
  });

  it('land borders the tutorials use (attacks, retreats, reserves: range 1)', () => {
    const pairs = [
      ['prussia', 'western-poland'], ['austria', 'western-poland'], ['western-poland', 'eastern-poland'], ['western-poland', 'lwow'],
      ['western-poland', 'baltic'], ['hungary', 'lwow'], ['romania', 'odessa'], ['romania', 'lwow'], ['lwow', 'kiev'],
      ['finland', 'karelia'], ['karelia', 'leningrad'], ['baltic', 'leningrad'], ['baltic', 'white-russia'], ['leningrad', 'finland'],
      ['albania', 'yugoslavia'], ['bulgaria', 'yugoslavia'], ['northern-italy', 'yugoslavia'], ['austria', 'yugoslavia'],
      ['hungary', 'yugoslavia'], ['yugoslavia', 'greece'], ['tripolitania', 'cyreneica'], ['cyreneica', 'matruh'],
      ['matruh', 'alexandria'], ['alexandria', 'sudan'], ['sudan', 'abessinia'], ['maginot', 'western-germany'], ['maginot', 'paris'],
      ['maginot', 'vichy'], ['paris', 'western-france'], ['shanghai', 'wuhan'], ['shanghai', 'sian'], ['sian', 'wuhan'], ['sian', 'pakoe'],
      ['sian', 'peking'], ['pakoe', 'peking'], ['sian', 'chentu'], ['sian', 'changsa'], ['sian', 'chunking'], ['prussia', 'western-germany'],
      ['eastern-poland', 'vitebsk'], ['vitebsk', 'leningrad'], ['east-siberia', 'stanovoj'],
    ];
    for (const [a, b] of pairs) expect(land(a!, b!), `${a}-${b}`).toBe(true);
  });

  it('coasts and sea links the tutorials use', () => {
    const coasts = [['sinkiang', 'formosa-sea'], ['southern-japan', 'chinese-sea'], ['shanghai', 'chinese-sea'], ['odessa', 'black-sea'],
      ['finland', 'finnish-sea'], ['normandy', 'channel'], ['england', 'channel'], ['vichy', 'ligurian-sea'], ['western-france', 'bay-of-biscay'],
      ['alexandria', 'red-sea'], ['alexandria', 'levantine-sea'], ['canada-east', 'american-east-coast'], ['peking', 'northern-chinese-sea']];
    for (const [a, b] of coasts) expect(coast(a!, b!), `${a}-${b}`).toBe(true);
    const seas = [['skagerrak', 'baltic-sea'], ['skagerrak', 'north-sea'], ['sea-of-britain', 'faroes-gap'], ['scandinavian-sea', 'faroes-gap'],
      ['faroes-gap', 'central-atlantic'], ['central-atlantic', 'american-east-coast'], ['central-atlantic', 'sea-of-panama'],
      ['gibraltar-straits', 'ligurian-sea'], ['sea-of-portugal', 'gibraltar-straits'], ['tyrrhenian-sea', 'ligurian-sea'], ['ionian-sea', 'levantine-sea'],
      ['levantine-sea', 'aegean-sea'], ['black-sea', 'aegean-sea'], ['red-sea', 'levantine-sea'], ['red-sea', 'indian-ocean'],
      ['coral-sea', 'cape-naturaliste'], ['southern-chinese-sea', 'west-indian-ocean'], ['chinese-sea', 'formosa-sea'], ['central-atlantic', 'sea-of-britain']];
    for (const [a, b] of seas) expect(sea(a!, b!), `${a}-${b}`).toBe(true);
  });

  it('what the text rules out: Voronesh-Kharkov (a corner), Irkutsk-Usbekistan, Jablonovy-Irkutsk by land, Chentu-Wuhan', () => {
    expect(land('voronesh', 'kharkov')).toBe(false);
    expect(land('irkutsk', 'usbekistan')).toBe(false);
    expect(land('jablonovy', 'irkutsk')).toBe(false);
    const m = bkgMap();
    expect(m.board.edgeBetween(m.board.index('jablonovy'), m.board.index('irkutsk'))).toBeGreaterThanOrEqual(0); // aircraft cross Lake Baikal
    expect(land('chentu', 'wuhan')).toBe(false);
    expect(land('chunking', 'wuhan')).toBe(false);
  });

  it('basic 1.2: the East Africa strip meets the rest of the map only at the West African Sea, the Persian Gulf and Sudan', () => {
    const strip = new Set(['kenya', 'rhodesia', 'south-africa', 'cape-of-good-hope', 'east-african-sea']);
    const out: string[] = [];
    for (const id of strip) for (const n of bkgMap().allNbrs[bkgMap().board.index(id)]!) if (!strip.has(n)) out.push(n);
    expect(new Set(out)).toEqual(new Set(['west-african-sea', 'persian-gulf', 'sudan']));
  });

  it('every area can be reached from every other (the two maps joined by their arrows)', () => {
    const m = bkgMap();
    const seen = new Set(['england']);
    const todo = ['england'];
    while (todo.length) for (const n of m.allNbrs[m.board.index(todo.pop()!)]!) if (!seen.has(n)) { seen.add(n); todo.push(n); }
    expect(seen.size).toBe(m.areas.length);
  });
});
