// The Basic Game Tutorial (turn 3/39 of the 1939 scenario) played action by action with every die forced: each
// combat's rolls, losses, retreats, control and production, then income, production of all eight majors and the
// Time Table and reinforcements of 4/39. Rulings on the tutorial's slips: docs/rulings/bkg.md.
import { describe, expect, it } from 'vitest';
import { choicesIn, prompts, RuleViolation } from '../../engine/index.ts';
import { bkg } from './index.ts';
import { Play } from './testing.ts';

describe('BKG Basic Game Tutorial, turn 3/39', () => {
  it('plays the whole turn as printed', () => {
    const p = new Play({ polishRetreat: true });
    const s = () => p.s;

    // 5.1 Time Table: Poland joins the Allies, BE 13 + 2 = 15. 5.2: no reinforcements in the first quarter.
    expect(s().production.be).toBe(15);
    expect(s().controller.poland).toBe('be');
    expect(p.waiting().sort()).toEqual(['germany:move', 'italy:move', 'japan:move']);

    // 6.1 Axis movement. Japan: Manchuria's two infantry to Shanghai by double range.
    p.act('japan', { type: 'move', units: [...p.ids('japan', 'manchuria')], to: 'shanghai' });
    expect(p.ids('japan', 'shanghai', 'Inf 4')).toHaveLength(1);
    expect(s().units[p.unit('japan', 'shanghai', 'Inf 4')]!.dbl).toBe(true);
    // Inf 3 by convoy through the Formosa sea zone into Sinkiang (an attack); Air 2 by convoy into Shanghai.
    const [c1, c2] = p.ids('japan', 'chinese-sea', 'Conv 1');
    p.act('japan', { type: 'load', unit: p.unit('japan', 'southern-japan', 'Inf 3'), convoy: c1! });
    p.act('japan', { type: 'move', units: [c1!], to: 'formosa-sea' });
    p.act('japan', { type: 'unload', unit: p.ids('japan', 'formosa-sea').length ? Object.values(s().units).find((u) => u.aboard === c1)!.id : '', to: 'sinkiang' });
    const air2 = p.unit('japan', 'southern-japan', 'Air 2');
    p.act('japan', { type: 'load', unit: air2, convoy: c2! });
    p.act('japan', { type: 'unload', unit: air2, to: 'shanghai' });
    // All task forces to the Formosa sea zone; they support the landing in Sinkiang.
    const tfs = [...p.ids('japan', 'chinese-sea', 'TF 4'), ...p.ids('japan', 'chinese-sea', 'TF 2 (B)')];
    p.act('japan', { type: 'move', units: tfs, to: 'formosa-sea' });
    for (const tf of tfs) p.act('japan', { type: 'support', unit: tf, to: 'sinkiang' });
    // Shanghai: Inf 3, Inf 2 and the Air 2 based there attack Wuhan.
    const shanghaiAir = p.ids('japan', 'shanghai', 'Air 2').find((id) => id !== air2)!;
    p.moveEach('japan', [p.unit('japan', 'shanghai', 'Inf 3'), p.unit('japan', 'shanghai', 'Inf 2', 1), shanghaiAir], 'wuhan');
    p.act('japan', { type: 'end' });
    // Germany: Prussia and Austria all to Western Poland; the Skagerrak TF, one convoy and the sub to the Baltic Sea;
    // Bavaria's Inf 3 to Western Germany.
    p.act('germany', { type: 'move', units: p.ids('germany', 'prussia'), to: 'western-poland' });
    p.act('germany', { type: 'move', units: p.ids('germany', 'austria'), to: 'western-poland' });
    p.moveEach('germany', [p.unit('germany', 'skagerrak', 'TF 2 (B)'), p.unit('germany', 'skagerrak', 'Conv 1'), p.unit('germany', 'skagerrak', 'Sub 2')], 'baltic-sea');
    p.moveEach('germany', [p.unit('germany', 'bavaria', 'Inf 3')], 'western-germany');
    p.act('germany', { type: 'end' });
    p.act('italy', { type: 'end' }); // Italy is neutral and does not move
    expect(s().battles.map((b) => b.place).sort()).toEqual(['sinkiang', 'western-poland', 'wuhan']);

    // 6.1.5/6 Allied reactions: no French or British aircraft reaches Poland; China's HQ Chiang sends both Inf 3 from
    // Sian to Wuhan and goes with them.
    expect(p.waiting().sort()).toEqual(['be:react', 'china:react', 'france:react']);
    p.act('be', { type: 'end' });
    p.act('france', { type: 'end' });
    for (const id of p.ids('china', 'sian', 'Inf 3')) p.act('china', { type: 'reserve', units: [id], to: 'wuhan' });
    p.act('china', { type: 'reserve', units: ['hq-chiang'], to: 'wuhan' });
    p.act('china', { type: 'end' });

    // 6.2 Combat: Western Poland. Germany 2@5: 5,2; 6@4: 6,5,4,4,2,1; 4@3: 4,3,3,2 = 9 hits. Poland 1@3: 4; 6@2:
    // 6,5,4,4,2,1 = 2 hits.
    expect(p.waiting()).toEqual(['germany:choose-combat']);
    p.dice(5, 2, 6, 5, 4, 4, 2, 1, 4, 3, 3, 2, 4, 6, 5, 4, 4, 2, 1);
    p.act('germany', { type: 'fight', place: 'western-poland' });
    p.diceUsed();
    expect(s().stack.at(-1)).toMatchObject({ proc: 'battle', hitsAtt: 2, hitsDef: 9 });
    // Germany flips two Inf 3.
    p.act('germany', { type: 'hit', unit: p.unit('germany', 'western-poland', 'Inf 3') });
    p.act('germany', { type: 'hit', unit: p.unit('germany', 'western-poland', 'Inf 3') });
    expect(p.ids('germany', 'western-poland', 'Inf 2 (B)')).toHaveLength(2);
    // Poland eliminates three Inf 2 (six hits), flips two Inf 2 and the Inf 3.
    for (let i = 0; i < 3; i++) {
      const inf = p.unit('poland', 'western-poland', 'Inf 2');
      p.act('be', { type: 'hit', unit: inf });
      p.act('be', { type: 'hit', unit: inf });
    }
    p.act('be', { type: 'hit', unit: p.unit('poland', 'western-poland', 'Inf 2') });
    p.act('be', { type: 'hit', unit: p.unit('poland', 'western-poland', 'Inf 2') });
    p.act('be', { type: 'hit', unit: p.unit('poland', 'western-poland', 'Inf 3') });
    expect(p.describe('western-poland').split(', ').filter((x) => x.startsWith('poland')).sort()).toEqual(['poland Air 2', 'poland Inf 1 (B)', 'poland Inf 1 (B)', 'poland Inf 2 (B)']);
    // Germany continues; Poland retreats all to East Poland (the tutorial waives the 1939 card's no-retreat rule).
    p.act('germany', { type: 'continue' });
    p.act('be', { type: 'retreat' });
    p.act('be', { type: 'retreat-to', units: p.ids('poland', 'western-poland').filter((id) => !id.includes('air')), to: 'eastern-poland' });
    p.act('be', { type: 'land', units: p.ids('poland', 'western-poland'), to: 'eastern-poland' });
    // Germany controls Western Poland: BE -2 = 13, Germany +1 = 18.
    expect(s().control['western-poland']).toBe('germany');
    expect(s().production.be).toBe(13);
    expect(s().production.germany).toBe(18);
    p.act('germany', { type: 'land', units: [...p.ids('germany', 'western-poland', 'Air 4'), ...p.ids('germany', 'western-poland', 'Air 3')], to: 'western-poland' });

    // Sinkiang: the Inf 3 and both TFs (from the Formosa sea zone) against the Chinese Inf 1 (B). Japan 1@4: 3, a hit;
    // no more rolls are needed. China returns fire at strength 1: 3, no hit. Japan takes Sinkiang.
    // (Japan now chooses the order; Wuhan, the last combat, follows at once: its dice are queued too.)
    p.dice(3, 3);
    p.dice(3, 6, 4, 3, 2, 2, 1);
    p.act('japan', { type: 'fight', place: 'sinkiang' });
    p.diceUsed();
    expect(s().control.sinkiang).toBe('japan');
    expect(p.ids('china', 'sinkiang')).toEqual([]);
    expect(p.ids('japan', 'formosa-sea', 'TF 4')).toHaveLength(1); // the task forces went back to their sea zone
    expect(s().production.china).toBe(8);
    expect(s().production.japan).toBe(17);

    // Wuhan: Japan 1@3: 3 (hit); 2@2: 6, 4. China 2@3: 3, 2 (two hits); 2@1: 2, 1 (one hit).
    expect(s().stack.at(-1)).toMatchObject({ proc: 'battle', hitsAtt: 3, hitsDef: 1 });
    // Japan's losses: its Inf 2 removed, its Inf 3 turned over; China turns one Inf 3 over.
    const jInf2 = p.unit('japan', 'wuhan', 'Inf 2');
    p.act('japan', { type: 'hit', unit: jInf2 });
    p.act('japan', { type: 'hit', unit: jInf2 });
    p.act('japan', { type: 'hit', unit: p.unit('japan', 'wuhan', 'Inf 3') });
    p.act('china', { type: 'hit', unit: p.unit('china', 'wuhan', 'Inf 3') });
    // Japan retreats to Shanghai: China has repelled the attack.
    p.act('japan', { type: 'retreat' });
    p.act('japan', { type: 'retreat-to', units: p.ids('japan', 'wuhan', 'Inf 2 (B)'), to: 'shanghai' });
    p.act('japan', { type: 'land', units: [shanghaiAir], to: 'shanghai' });
    p.act('china', { type: 'land', units: p.ids('china', 'wuhan', 'Air 1'), to: 'wuhan' });
    expect(s().control.wuhan).toBe('china');
    expect(s().battles).toEqual([]);

    // 6.3 Axis exploitation. Guderian commands up to 4 infantry: an Inf 4 goes with him to Prussia, an Inf 2 (B)
    // occupies empty Lwow, an Inf 3 and an Inf 4 attack East Poland with the Arm 5 and both aircraft; the Arm 4 goes
    // to Prussia.
    expect(p.waiting().sort()).toEqual(['germany:move', 'italy:move', 'japan:move']);
    p.act('germany', { type: 'move', units: [p.unit('germany', 'western-poland', 'Inf 3')], to: 'eastern-poland' });
    p.act('germany', { type: 'move', units: [p.unit('germany', 'western-poland', 'Inf 4')], to: 'eastern-poland' });
    p.act('germany', { type: 'move', units: [p.unit('germany', 'western-poland', 'Inf 2 (B)')], to: 'lwow' });
    expect(s().control.lwow).toBe('germany');
    p.act('germany', { type: 'move', units: [p.unit('germany', 'western-poland', 'Inf 4')], to: 'prussia' });
    // Guderian has commanded four infantry: the last infantry in Western Poland may not move.
    const stuck = p.unit('germany', 'western-poland', 'Inf 4');
    expect(choicesIn(bkg, s(), 'germany', 'western-poland').some((c) => (c.action.units as string[] | undefined)?.includes(stuck))).toBe(false);
    p.act('germany', { type: 'move', units: ['hq-guderian'], to: 'prussia' });
    p.act('germany', { type: 'move', units: [p.unit('germany', 'western-poland', 'Arm 5')], to: 'eastern-poland' });
    p.act('germany', { type: 'move', units: [p.unit('germany', 'western-poland', 'Arm 4')], to: 'prussia' });
    p.moveEach('germany', [...p.ids('germany', 'western-poland', 'Air 4'), ...p.ids('germany', 'western-poland', 'Air 3')], 'eastern-poland');
    p.act('germany', { type: 'end' });
    // Japan: Hiro commands Inf 4, Inf 2 and Inf 2 (B) from Shanghai against Sian and goes to Peking himself; both Air 2
    // support, including the one unloaded in the movement phase.
    p.moveEach('japan', [p.unit('japan', 'shanghai', 'Inf 4'), p.unit('japan', 'shanghai', 'Inf 2'), p.unit('japan', 'shanghai', 'Inf 2 (B)')], 'sian');
    p.act('japan', { type: 'move', units: ['hq-hiro'], to: 'peking' });
    p.moveEach('japan', p.ids('japan', 'shanghai', 'Air 2'), 'sian');
    p.act('japan', { type: 'end' });
    p.act('italy', { type: 'end' });
    // Chinese reaction: the Air 1 from Wuhan to Sian; Chiang commands himself, an Inf 3 and the Inf 2 (B) to Sian.
    p.act('china', { type: 'react', units: p.ids('china', 'wuhan', 'Air 1'), to: 'sian' });
    p.act('china', { type: 'reserve', units: [p.unit('china', 'wuhan', 'Inf 3')], to: 'sian' });
    p.act('china', { type: 'reserve', units: [p.unit('china', 'wuhan', 'Inf 2 (B)')], to: 'sian' });
    p.act('china', { type: 'reserve', units: ['hq-chiang'], to: 'sian' });
    p.act('china', { type: 'end' });
    p.act('be', { type: 'end' });
    p.act('france', { type: 'end' });

    // Second combat phase: East Poland. Germany 2@5: 5, 4; 2@4: 5, 3; 2@3: 4, 2 (four hits). Poland 2@2: 3, 2;
    // 2@1: 5, 2 (one hit).
    p.dice(5, 4, 5, 3, 4, 2, 3, 2, 5, 2);
    p.act('germany', { type: 'fight', place: 'eastern-poland' });
    p.diceUsed();
    p.act('germany', { type: 'hit', unit: p.unit('germany', 'eastern-poland', 'Inf 3') });
    // Poland eliminates all infantry and flips the aircraft, which must then retreat with no land unit fighting for
    // Poland, finds no friendly base (the USSR is neutral) and is eliminated.
    p.act('be', { type: 'hit', unit: p.unit('poland', 'eastern-poland', 'Inf 2 (B)') });
    p.act('be', { type: 'hit', unit: p.unit('poland', 'eastern-poland', 'Inf 1 (B)') });
    p.act('be', { type: 'hit', unit: p.unit('poland', 'eastern-poland', 'Inf 1 (B)') });
    expect(p.ids('poland', 'eastern-poland')).toEqual([]);
    expect(Object.values(s().units).filter((u) => u.power === 'poland')).toEqual([]);
    expect(s().control['eastern-poland']).toBe('germany');
    // Sian (the last combat, fought at once): Japan 1@4: 4; 4@2: 6, 5, 4, 1 (two hits). China 1@3: 4; 1@2: 3; 2@1:
    // 4, 5 (no hit; the HQ does not fire).
    p.dice(4, 6, 5, 4, 1, 4, 3, 4, 5);
    p.act('germany', { type: 'land', units: [...p.ids('germany', 'eastern-poland', 'Air 4'), ...p.ids('germany', 'eastern-poland', 'Air 3')], to: 'prussia' });
    p.diceUsed();
    // China eliminates one Inf 1 and the aircraft, retreats the HQ to Pakoe and both infantry to Wuhan.
    p.act('china', { type: 'hit', unit: p.unit('china', 'sian', 'Inf 1 (B)') });
    p.act('china', { type: 'hit', unit: p.unit('china', 'sian', 'Air 1') });
    p.act('japan', { type: 'continue' });
    p.act('china', { type: 'retreat' });
    p.act('china', { type: 'retreat-to', units: ['hq-chiang'], to: 'pakoe' });
    p.act('china', { type: 'retreat-to', units: [p.unit('china', 'sian', 'Inf 3')], to: 'wuhan' });
    p.act('china', { type: 'retreat-to', units: [p.unit('china', 'sian', 'Inf 2 (B)')], to: 'wuhan' });
    expect(s().control.sian).toBe('japan');
    p.act('japan', { type: 'land', units: p.ids('japan', 'sian', 'Air 2'), to: 'shanghai' });
    expect(s().production.china).toBe(8);
    expect(s().production.japan).toBe(17);

    // Allied action segment. 6.1 movement: the USA does nothing. The USSR (neutral) moves two Inf 4 from East Siberia
    // to Stanovoj, the Air 1 from the Ural to Vladivostok by double range (no enemy airspace) and an Inf 3 from Moscow
    // to the Ural.
    expect(p.waiting().sort()).toEqual(['be:move', 'china:move', 'france:move', 'usa:move', 'ussr:move']);
    p.act('usa', { type: 'end' });
    p.act('ussr', { type: 'move', units: p.ids('ussr', 'east-siberia'), to: 'stanovoj' });
    p.act('ussr', { type: 'move', units: p.ids('ussr', 'ural', 'Air 1'), to: 'vladivostok' });
    expect(s().units[p.unit('ussr', 'vladivostok', 'Air 1')]!.dbl).toBe(true);
    p.act('ussr', { type: 'move', units: [p.unit('ussr', 'moscow', 'Inf 3')], to: 'ural' });
    p.act('ussr', { type: 'end' });
    // China: all units from Pakoe and Wuhan attack Sian.
    p.act('china', { type: 'move', units: p.ids('china', 'wuhan'), to: 'sian' });
    p.act('china', { type: 'move', units: p.ids('china', 'pakoe'), to: 'sian' });
    p.act('china', { type: 'end' });
    // France: Maginot all to Western Germany, the Arm 4 and the Air 2 from Paris too, Vichy's Inf 3 to Maginot.
    p.act('france', { type: 'move', units: p.ids('france', 'maginot'), to: 'western-germany' });
    p.moveEach('france', [p.unit('france', 'paris', 'Arm 4'), p.unit('france', 'paris', 'Air 2')], 'western-germany');
    p.act('france', { type: 'move', units: p.ids('france', 'vichy'), to: 'maginot' });
    p.act('france', { type: 'end' });
    // BE: the Arm 4 of Alexandria by the Levantine Sea convoy to the Ligurian Sea (past the neutral Italian ships) and
    // into Vichy; both TFs to the Skagerrak, where the German convoy forces a naval combat; both convoys to the Channel,
    // where they take England's infantry to Normandy; the Air 2 to Western Germany.
    const levConv = p.unit('be', 'levantine-sea', 'Conv 1');
    p.act('be', { type: 'load', unit: p.unit('be', 'alexandria', 'Arm 4'), convoy: levConv });
    p.act('be', { type: 'move', units: [levConv], to: 'ligurian-sea' });
    p.act('be', { type: 'unload', unit: Object.values(s().units).find((u) => u.aboard === levConv)!.id, to: 'vichy' });
    expect(p.ids('be', 'vichy', 'Arm 4')).toHaveLength(1);
    p.moveEach('be', [p.unit('be', 'north-sea', 'TF 4'), p.unit('be', 'scandinavian-sea', 'TF 3')], 'skagerrak');
    expect(s().battles.map((b) => b.place)).toContain('skagerrak');
    const convs = [p.unit('be', 'north-sea', 'Conv 1'), p.unit('be', 'scandinavian-sea', 'Conv 1')];
    p.moveEach('be', convs, 'channel');
    p.act('be', { type: 'load', unit: p.unit('be', 'england', 'Inf 3'), convoy: convs[0]! });
    p.act('be', { type: 'load', unit: p.unit('be', 'england', 'Inf 2'), convoy: convs[1]! });
    for (const c of convs) p.act('be', { type: 'unload', unit: Object.values(s().units).find((u) => u.aboard === c)!.id, to: 'normandy' });
    expect(p.describe('normandy').split(', ').sort()).toEqual(['be Inf 2', 'be Inf 3', 'france Inf 2']);
    p.act('be', { type: 'move', units: p.ids('be', 'england', 'Air 2'), to: 'western-germany' });
    p.act('be', { type: 'end' });

    // Axis reactions: Guderian commands himself, the Arm 4 and an Inf 4 from Prussia to Western Germany, both German
    // aircraft go there; Hiro sends an Inf 2 and the Inf 4 from Peking to Sian, both aircraft of Shanghai go to Sian.
    expect(p.waiting().sort()).toEqual(['germany:react', 'japan:react']);
    for (const id of [p.unit('germany', 'prussia', 'Arm 4'), p.unit('germany', 'prussia', 'Inf 4'), 'hq-guderian']) p.act('germany', { type: 'reserve', units: [id], to: 'western-germany' });
    p.act('germany', { type: 'react', units: p.ids('germany', 'prussia', 'Air 4'), to: 'western-germany' });
    p.act('germany', { type: 'react', units: p.ids('germany', 'prussia', 'Air 3'), to: 'western-germany' });
    p.act('germany', { type: 'end' });
    for (const id of [p.unit('japan', 'peking', 'Inf 2'), p.unit('japan', 'peking', 'Inf 4')]) p.act('japan', { type: 'reserve', units: [id], to: 'sian' });
    for (const id of p.ids('japan', 'shanghai', 'Air 2')) p.act('japan', { type: 'react', units: [id], to: 'sian' });
    p.act('japan', { type: 'end' });

    // 6.2 Skagerrak: BE 1@4: 3 (hit); 1@3: 4. Germany 1@1: 3. Germany flips its convoy and retreats it to the Baltic Sea.
    expect(p.waiting()).toEqual(['be:choose-combat']);
    p.dice(3, 4, 3);
    p.act('be', { type: 'fight', place: 'skagerrak' });
    p.diceUsed();
    p.act('be', { type: 'continue' });
    p.act('germany', { type: 'retreat' });
    p.act('germany', { type: 'retreat-to', units: p.ids('germany', 'skagerrak'), to: 'baltic-sea' });
    expect(p.ids('germany', 'baltic-sea', 'Conv 0 (B)')).toHaveLength(1);

    // Western Germany: the British TFs already fought in the Skagerrak and cannot support. Round 1: Allies 2@4: 5, 4;
    // 3@3: 6, 4, 2; 3@2: 3, 3, 2 (three hits). Germany 4@4: 5, 4, 3, 3; 2@3: 4, 2; 1@2: 4 (four hits).
    p.dice(5, 4, 6, 4, 2, 3, 3, 2, 5, 4, 3, 3, 4, 2, 4);
    p.act('be', { type: 'fight', place: 'western-germany' });
    p.diceUsed();
    expect(s().stack.at(-1)).toMatchObject({ proc: 'battle', hitsAtt: 4, hitsDef: 3 });
    // Losses: the French turn over 3 of their Inf 3 and 1 Inf 2; the Germans turn over an Inf 3 and lose an Inf 2.
    for (let i = 0; i < 3; i++) p.act('france', { type: 'hit', unit: p.unit('france', 'western-germany', 'Inf 3') });
    p.act('france', { type: 'hit', unit: p.unit('france', 'western-germany', 'Inf 2') });
    p.act('germany', { type: 'hit', unit: p.unit('germany', 'western-germany', 'Inf 3') });
    const gInf2 = p.unit('germany', 'western-germany', 'Inf 2');
    p.act('germany', { type: 'hit', unit: gInf2 });
    p.act('germany', { type: 'hit', unit: gInf2 });
    // Both continue. Round 2: Allies 2@4: 5, 4; 5@2: 6, 4, 3, 3, 2; 1@1: 2 (two hits). Germany 4@4: 5, 4, 3, 3; 1@3: 2;
    // 1@2: 4 (four hits).
    p.dice(5, 4, 6, 4, 3, 3, 2, 2, 5, 4, 3, 3, 2, 4);
    p.act('france', { type: 'continue' });
    p.act('germany', { type: 'continue' });
    p.diceUsed();
    // France eliminates all four infantry; Germany flips an Inf 4 and eliminates the Inf 2 (B).
    for (const label of ['Inf 2 (B)', 'Inf 2 (B)', 'Inf 2 (B)', 'Inf 1 (B)']) p.act('france', { type: 'hit', unit: p.unit('france', 'western-germany', label) });
    p.act('germany', { type: 'hit', unit: p.unit('germany', 'western-germany', 'Inf 4') });
    p.act('germany', { type: 'hit', unit: p.unit('germany', 'western-germany', 'Inf 2 (B)') });
    // French retreat: armour back to Maginot, air back to Paris; the German air stays put. Sian (the last combat) next.
    p.act('france', { type: 'retreat' });
    p.act('france', { type: 'retreat-to', units: p.ids('france', 'western-germany', 'Arm 4'), to: 'maginot' });
    p.act('france', { type: 'land', units: p.ids('france', 'western-germany', 'Air 2'), to: 'paris' });
    p.act('be', { type: 'land', units: p.ids('be', 'western-germany', 'Air 2'), to: 'paris' });
    expect(s().control['western-germany']).toBe('germany');
    // Sian: China 1@3: 3 (hit); 3@2: 4, 3, 1 (one hit); 1@1: 4. Japan 2@4: 5, 4 (one hit); 5@2: 5, 4, 3, 2, 2 (two hits).
    p.dice(3, 4, 3, 1, 4, 5, 4, 5, 4, 3, 2, 2);
    p.act('germany', { type: 'land', units: [...p.ids('germany', 'western-germany', 'Air 4'), ...p.ids('germany', 'western-germany', 'Air 3')], to: 'western-germany' });
    p.diceUsed();
    expect(s().stack.at(-1)).toMatchObject({ proc: 'battle', place: 'sian', hitsAtt: 3, hitsDef: 2 });
    // China flips two Inf 2 and one Inf 3; Japan flips two Inf 2.
    p.act('china', { type: 'hit', unit: p.unit('china', 'sian', 'Inf 2') });
    p.act('china', { type: 'hit', unit: p.unit('china', 'sian', 'Inf 2') });
    p.act('china', { type: 'hit', unit: p.unit('china', 'sian', 'Inf 3') });
    p.act('japan', { type: 'hit', unit: p.unit('japan', 'sian', 'Inf 2') });
    p.act('japan', { type: 'hit', unit: p.unit('japan', 'sian', 'Inf 2') });
    // China retreats one Inf 1 (B) each to Changsa and Chunking, all the others to Chentu; Japan's aircraft land in Sian.
    p.act('china', { type: 'retreat' });
    p.act('china', { type: 'retreat-to', units: [p.unit('china', 'sian', 'Inf 1 (B)')], to: 'changsa' });
    p.act('china', { type: 'retreat-to', units: [p.unit('china', 'sian', 'Inf 1 (B)')], to: 'chunking' });
    p.act('china', { type: 'retreat-to', units: p.ids('china', 'sian'), to: 'chentu' });
    p.act('japan', { type: 'land', units: p.ids('japan', 'sian', 'Air 2'), to: 'sian' });
    expect(s().control.sian).toBe('japan');

    // 6.3 Allied exploitation: the Soviet Arm 2 from Kiev to Kharkov; Chiang commands an Inf 1 from Chentu to Pakoe. It
    // could not go to Wuhan: three areas away, more than double range, without passing Japanese Sian.
    p.act('ussr', { type: 'move', units: [p.unit('ussr', 'kiev', 'Arm 2')], to: 'kharkov' });
    const chInf = p.unit('china', 'chentu', 'Inf 1 (B)');
    const chentu = choicesIn(bkg, s(), 'china', 'chentu').filter((c) => (c.action.units as string[] | undefined)?.[0] === chInf).map((c) => c.action.to);
    expect(chentu).toContain('pakoe');
    expect(chentu).not.toContain('wuhan');
    p.act('china', { type: 'move', units: [chInf], to: 'pakoe' });
    for (const seat of ['usa', 'be', 'ussr', 'france', 'china'] as const) p.act(seat, { type: 'end' });

    // 7.1 Conquest: Poland holds no area (the Baltic is not Polish) and is conquered. 7.2 Income.
    expect(s().conquered).toContain('poland');
    expect(s().budget).toEqual({ germany: 18, italy: 6, japan: 17, usa: 8, be: 13, ussr: 11, france: 11, china: 8 });

    // 7.3 Production, all at the same time.
    const build = (seat: Parameters<Play['act']>[0], power: string, key: string) => p.act(seat, { type: 'build', power, key });
    p.act('germany', { type: 'repair', unit: p.unit('germany', 'western-germany', 'Inf 2 (B)') });
    expect(s().units[p.unit('germany', 'western-germany', 'Inf 4')]).toBeTruthy();
    build('germany', 'germany', 'arm5'); build('germany', 'germany', 'air2'); build('germany', 'germany', 'inf2');
    expect(s().budget.germany).toBe(0);
    build('italy', 'italy', 'air2');
    p.act('italy', { type: 'done' });
    expect(s().saved.italy).toBe(2);
    for (const id of p.ids('japan', 'sian', 'Inf 1 (B)')) p.act('japan', { type: 'repair', unit: id });
    p.act('japan', { type: 'repair', unit: p.unit('japan', 'sian', 'Inf 2 (B)') });
    build('japan', 'japan', 'tf2'); build('japan', 'japan', 'air3'); build('japan', 'japan', 'inf2'); build('japan', 'japan', 'inf2');
    expect(s().budget.japan).toBe(0);
    const damagedChinese = Object.values(s().units).filter((u) => u.power === 'china' && u.reduced);
    expect(damagedChinese.reduce((n, u) => n + u.front - u.back!, 0)).toBe(6);
    for (const u of damagedChinese) p.act('china', { type: 'repair', unit: u.id });
    build('china', 'china', 'inf2');
    expect(s().budget.china).toBe(0);
    build('usa', 'china', 'air2/US'); build('usa', 'usa', 'conv1');
    // The USSR must build orange units first: two Arm 2 and an Air 1; it saves 1.
    expect(prompts(bkg, s()).find((x) => x.seat === 'ussr')!.choices.some((c) => c.action.key === 'inf3')).toBe(false);
    build('ussr', 'ussr', 'arm2/O'); build('ussr', 'ussr', 'arm2/O'); build('ussr', 'ussr', 'air1/O');
    p.act('ussr', { type: 'done' });
    expect(s().saved.ussr).toBe(1);
    build('france', 'france', 'inf2'); build('france', 'france', 'inf2'); build('france', 'france', 'inf3'); build('france', 'france', 'air2');
    build('be', 'be', 'inf3'); build('be', 'be', 'air3'); build('be', 'be', 'conv1');
    const boxed = (power: string, label: string) => Object.values(s().units).filter((u) => u.where === 'box' && u.power === power && u.type + u.front === label).map((u) => u.arrive);
    // Placement quarters (Production Chart): Inf 4/39, Air 1/40, Arm 2/40, TF 3/40.
    expect(boxed('germany', 'inf2')).toEqual([2]);
    expect(boxed('germany', 'air2')).toEqual([3]);
    expect(boxed('germany', 'arm5')).toEqual([4, 4]); // this one and the scenario's 2/40 reinforcement
    expect(boxed('japan', 'tf2')).toEqual([5]);

    // New turn, 4/39. Time Table: Poland was conquered, the German-Soviet pact takes effect: German units leave East
    // Poland and Lwow for Western Poland; the USSR takes control of the Baltic, East Poland and Lwow.
    expect(s().turn).toBe(2);
    expect(p.ids('germany', 'eastern-poland')).toEqual([]);
    expect(p.ids('germany', 'lwow')).toEqual([]);
    expect(['baltic', 'eastern-poland', 'lwow'].map((a) => s().control[a])).toEqual(['ussr', 'ussr', 'ussr']);
    // 5.2 Reinforcements: China Inf 2 to Chentu; BE Inf 3 to England; France two Inf 2 to Maginot, HQ Georges and Inf 3
    // to Paris; Japan two Inf 2 to Southern Japan; Germany Inf 2 to Western Germany. (The tutorial also places the
    // French Arm 3, which the 1939 card brings in 1/40: docs/rulings/bkg.md.)
    const place = (seat: Parameters<Play['act']>[0], power: string, label: string, to: string) => {
      const u = Object.values(s().units).find((x) => x.where === 'box' && x.power === power && (x.arrive ?? 0) <= s().turn && (label === 'HQ' ? x.type === 'hq' : `${x.type}${x.front}` === label))!;
      p.act(seat, { type: 'place', unit: u.id, to });
    };
    place('china', 'china', 'inf2', 'chentu');
    place('be', 'be', 'inf3', 'england');
    place('france', 'france', 'inf2', 'maginot'); place('france', 'france', 'inf2', 'maginot');
    place('france', 'france', 'HQ', 'paris'); place('france', 'france', 'inf3', 'paris');
    place('japan', 'japan', 'inf2', 'southern-japan'); place('japan', 'japan', 'inf2', 'southern-japan');
    place('germany', 'germany', 'inf2', 'western-germany');
    expect(p.waiting().sort()).toEqual(['germany:move', 'italy:move', 'japan:move']);
    if (process.env.BKG_TUTORIAL_LOG) console.log(p.log().join('\n'));
    void RuleViolation;
  });
});
