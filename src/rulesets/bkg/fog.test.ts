// Optional 9.12, fog of war: what each seat receives (its view, its board, the log entries it may read) holds
// nothing of the enemy units beneath the tops of their stacks; the search is for the hidden units' ids and labels.
import { describe, expect, it } from 'vitest';
import { eventsFor, fuzzGame, Game, viewFor, type GameLog } from '../../engine/index.ts';
import { bkg } from './index.ts';
import { fogFor } from './fog.ts';
import { Play, placeReinforcements } from './testing.ts';

/** The 1941 set-up after the 2/41 reinforcements (15 German units in Western Poland). */
function afterReinforcements(options: Record<string, boolean>): Play {
  const p = new Play(options, 'advanced-1941');
  placeReinforcements(p, 6, 1, 4, 1);
  return p;
}

const german = (p: Play, where: string) => Object.values(p.s.units).filter((u) => u.power === 'germany' && u.where === where);

describe('BKG optional 9.12 fog of war', () => {
  it('9.12 an Allied seat sees the tops of the German stacks in Western Poland (10 and 5 units) and how many lie beneath', () => {
    const p = afterReinforcements({ fogOfWar: true });
    const all = german(p, 'western-poland');
    expect(all.length).toBe(15);
    const hidden = fogFor(p.s, 'be').hidden;
    const beneath = all.filter((u) => hidden.has(u.id));
    expect(beneath.length).toBe(13); // two stacks: 10 and 5 units, one top each
    const v = viewFor(bkg, p.s, 'be');
    const units = (v.state as { units: Record<string, { where: string; power: string }> }).units;
    expect(Object.values(units).filter((u) => u.power === 'germany' && u.where === 'western-poland').length).toBe(2);
    expect((v.state as { fog: unknown[] }).fog).toContainEqual({ where: 'western-poland', power: 'germany', beneath: 13 });
    expect(v.board!.pieces.filter((x) => x.where === 'western-poland' && x.hidden)).toEqual([expect.objectContaining({ power: 'germany', count: 13, type: 'hidden' })]);
    // Nothing the seat receives names a hidden unit: not the state, not the board, not the prompt.
    const sent = JSON.stringify(v);
    for (const u of Object.values(p.s.units)) if (hidden.has(u.id)) expect(sent.includes(u.id), u.id).toBe(false);
    // The spectator sees every side's stacks as an enemy's; the Axis seats see their own side whole.
    expect(fogFor(p.s, null).hidden.size).toBeGreaterThan(hidden.size);
    for (const seat of ['germany', 'italy', 'japan']) {
      const mine = viewFor(bkg, p.s, seat);
      expect(Object.values((mine.state as { units: Record<string, { power: string; where: string }> }).units).filter((u) => u.power === 'germany' && u.where === 'western-poland').length).toBe(15);
      expect(mine.board!.pieces.some((x) => x.hidden && x.side === 'axis')).toBe(false);
    }
  });

  it('9.12 the log entries of arrivals reach only the arriving side; without the option everyone reads them', () => {
    const p = afterReinforcements({ fogOfWar: true });
    const arrivals = p.events.filter((e) => e.rule === 'BKG 5.2' && e.text.startsWith('Germany '));
    expect(arrivals.length).toBeGreaterThan(0);
    expect(arrivals.every((e) => e.visibleTo?.join() === 'germany,italy,japan')).toBe(true);
    const beRead = eventsFor(p.events, 'be').map((e) => e.text).join('\n');
    for (const e of arrivals) expect(beRead.includes(e.text)).toBe(false);
    expect(eventsFor(p.events, 'germany').filter((e) => e.rule === 'BKG 5.2' && e.text.startsWith('Germany ')).length).toBe(arrivals.length);
    const q = afterReinforcements({});
    expect(q.events.some((e) => e.visibleTo && e.rule === 'BKG 5.2')).toBe(false);
    expect(fogFor(q.s, 'be').hidden.size).toBe(0);
    const off = viewFor(bkg, q.s, 'be');
    expect('fog' in (off.state as object)).toBe(false);
    expect(Object.keys((off.state as { units: Record<string, unknown> }).units).length).toBe(Object.keys(q.s.units).length);
    expect(off.board!.pieces.some((x) => x.hidden)).toBe(false);
  });

  it('9.12 a combat shows both sides: the units in a place with a battle are all seen (ruling 96)', () => {
    const p = afterReinforcements({ fogOfWar: true });
    expect(fogFor(p.s, 'ussr').hidden.size).toBeGreaterThan(0);
    p.edit((s) => { s.battles = [{ place: 'western-poland', attacker: 'axis' }]; });
    const hidden = fogFor(p.s, 'ussr').hidden;
    expect(german(p, 'western-poland').some((u) => hidden.has(u.id))).toBe(false);
    const seen = Object.values((viewFor(bkg, p.s, 'ussr').state as { units: Record<string, { power: string; where: string; id: string }> }).units)
      .filter((u) => u.power === 'germany' && u.where === 'western-poland');
    expect(seen.length).toBe(15);
  });

  it('9.12 random play: no view of an Allied seat names a unit it may not see, no log entry it reads tells of Axis arrivals, rail or loading', () => {
    const r = fuzzGame(bkg, { scenario: 'advanced-1941', options: { fogOfWar: true }, seed: 'bkg-fog', maxActions: 150, checkReplay: false });
    expect(r.actions).toBe(150);
    const log = r.log as GameLog;
    const g = Game.create(bkg, log.scenario, log.options, log.seed);
    const quiet = new Set(['BKG 5.2', 'BKG advanced 6.2', 'BKG advanced 6.3', 'BKG 6.1.3', 'BKG advanced 9.1']);
    let hiddenSeen = 0, kept = 0;
    const check = (events: ReturnType<typeof eventsFor>, i: number) => {
      const hidden = fogFor(g.state, 'usa').hidden;
      hiddenSeen = Math.max(hiddenSeen, hidden.size);
      const sent = i % 3 === 0 ? JSON.stringify(viewFor(bkg, g.state, 'usa')) : ''; // the view of every third state
      for (const id of hidden) expect(sent.includes(`"${id}"`), id).toBe(false);
      for (const e of events) {
        if (!quiet.has(e.rule ?? '') || !/^(Germany|Italy|Japan|Finland|Romania|Hungary|Bulgaria) /.test(e.text)) continue;
        kept++;
        expect(eventsFor([e], 'usa')).toEqual([]);
      }
    };
    check(g.setupEvents, 0);
    log.entries.forEach((e, i) => { if ('action' in e) check(g.act(e.seat, e.action), i + 1); });
    expect(hiddenSeen).toBeGreaterThan(10);
    expect(kept).toBeGreaterThan(0);
  }, 120_000);
});
