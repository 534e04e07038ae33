// Cards with a continuing obligation or permission, and the cards played in movement (advanced 7.4, the Appendix),
// from positions on the 1941 set-up.
import { describe, expect, it } from 'vitest';
import { choicesIn } from '../../engine/index.ts';
import { bkg } from './index.ts';
import { createUnit } from './politics.ts';
import { production, productionChoices } from './production.ts';
import { Play, advancedAxisMovement, ctxOn } from './testing.ts';

describe('BKG cards in effect', () => {
  it('Free French Troops: BE and the USA build France\'s two "F" units and play them; nobody else', () => {
    const c = ctxOn(new Play({}, 'advanced-1941').s);
    const s = c.state;
    s.budget.be = 10; s.budget.usa = 10; s.budget.ussr = 10;
    const french = (m: 'be' | 'usa' | 'ussr') => productionChoices(s, m).filter((x) => x.action.power === 'france').map((x) => x.label);
    s.cards.inEffect = s.cards.inEffect.filter((x) => x !== 'free-french');
    expect(french('be')).toEqual([]);
    s.cards.inEffect.push('free-french');
    expect(french('be')).toEqual(['Build France Inf 3 (F) (3 BP, arrives in 1 quarter)']);
    expect(french('ussr')).toEqual([]);
    const build = (m: 'be' | 'usa') => production.act!(c, { proc: 'production', ended: [] } as never, m, productionChoices(s, m).find((x) => x.action.power === 'france')!.action);
    build('be');
    build('usa');
    expect(Object.values(s.units).filter((u) => u.tag === 'F').map((u) => `${u.power} ${u.where}`).sort()).toEqual(['be box', 'usa box']);
    expect(french('be')).toEqual([]); // both counters in play
    expect(french('usa')).toEqual([]);
  });

  it('Tito Partisans: German land units leave Yugoslavia only while 5 strength points stay', () => {
    let inf4 = '';
    const p = advancedAxisMovement((s) => {
      for (const u of Object.values(s.units)) if (u.where === 'yugoslavia') delete s.units[u.id];
      s.control.yugoslavia = 'germany';
      s.cards.inEffect.push('tito-partisans');
      inf4 = createUnit(s, 'germany', 'inf', 4, 'yugoslavia').id;
      createUnit(s, 'germany', 'inf', 3, 'yugoslavia');
      createUnit(s, 'germany', 'inf', 2, 'yugoslavia');
    });
    const leaving = () => [...new Set(choicesIn(bkg, p.s, 'germany', 'yugoslavia').filter((c) => c.action.type === 'move').map((c) => `${(c.action.units as string[]).map((id) => p.s.units[id]!.front).join('+')}`))].sort();
    expect(leaving()).toEqual(['2', '3', '4']); // any one may go (5 or more stay), never two
    p.act('germany', { type: 'move', units: [inf4], to: choicesIn(bkg, p.s, 'germany', 'yugoslavia').find((c) => (c.action.units as string[])[0] === inf4)!.action.to as string });
    expect(leaving()).toEqual([]); // Inf 3 and Inf 2 are the 5 points
  });
});
