// The movement choice cache is shared by every game a process runs (a server interleaves hundreds): cached answers
// must equal fresh ones whichever games ran in between and whatever was evicted.
import { afterEach, describe, expect, it } from 'vitest';
import { createRng, Game, nextInt, prompts } from '../../engine/index.ts';
import { twoWW } from './index.ts';
import { clearMovementCache, movementChoices, type MovementFrame, setMovementCacheSize } from './movement.ts';
import { fleetZocFrom } from './zones-of-control.ts';
import { worldOf } from './world.ts';

/** Play `games` random campaigns in turn; at each movement decision compare the cached choices with fresh ones. */
function interleaved(seeds: string[], actionsEach: number): number {
  const games = seeds.map((s) => Game.create(twoWW, 'campaign-1939', { quickSetup: true }, s));
  const pick = createRng(`${seeds.join('+')}-player`);
  let checked = 0;
  for (let i = 0; i < actionsEach; i++) {
    for (const g of games) {
      if (g.state.outcome) continue;
      const top = g.state.stack[g.state.stack.length - 1]!;
      if (top.proc === 'movement-phase' && top.started && !top.pending) {
        const cached = JSON.stringify(movementChoices(g.state, top as MovementFrame));
        clearMovementCache();
        const fresh = JSON.stringify(movementChoices(g.state, top as MovementFrame));
        expect(cached).toBe(fresh);
        // Warm the cache again with the other games' environments, so the next check reads entries kept meanwhile.
        for (const o of games) {
          const t = o.state.stack[o.state.stack.length - 1];
          if (o !== g && t?.proc === 'movement-phase' && t.started && !t.pending) movementChoices(o.state, t as MovementFrame);
        }
        checked++;
      }
      const ps = prompts(twoWW, g.state);
      const p = ps[nextInt(pick, ps.length)]!;
      g.act(p.seat, p.choices[nextInt(pick, p.choices.length)]!.action);
    }
  }
  return checked;
}

const defaultSize = setMovementCacheSize(1);
setMovementCacheSize(defaultSize);

describe('2WW 8 movement choice cache across games', () => {
  afterEach(() => {
    setMovementCacheSize(defaultSize);
    clearMovementCache();
  });

  it('2WW 8 cached movement choices equal fresh ones when several games interleave', () => {
    expect(interleaved(['mc-a', 'mc-b', 'mc-c'], 120)).toBeGreaterThan(40);
  }, 600_000);

  it('2WW 8 cached movement choices equal fresh ones when games evict each other (cache of 2 environments)', () => {
    setMovementCacheSize(2);
    expect(interleaved(['mc-d', 'mc-e', 'mc-f', 'mc-g'], 80)).toBeGreaterThan(40);
  }, 600_000);

  it('2WW 5.1.2 a fleet ZOC read from the cache is the same list on every call', () => {
    const w = worldOf(Game.create(twoWW, 'campaign-1939', { quickSetup: true }, 'zoc').state);
    const sea = w.board.index('1107');
    const first = fleetZocFrom(w, sea);
    expect(first.length).toBeGreaterThan(0);
    expect(fleetZocFrom(w, sea)).toBe(first);
    expect(fleetZocFrom(w, sea).every((n) => w.board.distance(sea, n) <= 3 && w.hexes[n]!.kind !== 'land')).toBe(true);
  });
});
