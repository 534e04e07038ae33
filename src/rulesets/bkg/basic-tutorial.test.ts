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
    expect(p.waiting().sort()).toEqual(['germany:move', 'italy:move', 'japan:move', 'usa:move', 'ussr:move'].filter((x) => !x.startsWith('u')).sort());

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
    // Japan eliminates the Inf 2 and flips the Inf 3; China flips one Inf 3.
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

    void prompts; void RuleViolation;
  });
});
