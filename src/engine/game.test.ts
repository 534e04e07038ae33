import { describe, expect, it } from 'vitest';
import { createRng, derivedFrom, Game, LogError, nextInt, prompts, RuleViolation, stateHash } from './index.ts';
import { duel, type DuelState } from './testing/duel.ts';

/** A duel log with forced dice, undos and a takeback among random legal actions. */
function playedGame(seed: string): Game<DuelState> {
  const g = Game.create(duel, 'standard', { rounds: 20 }, seed);
  const rng = createRng(`snapshot-${seed}`);
  for (let i = 0; i < 60 && !g.state.outcome; i++) {
    const r = nextInt(rng, 10);
    const seats = prompts(duel, g.state).map((p) => p.seat);
    if (r === 0) g.force([1 + nextInt(rng, 6)]);
    if (r === 1 && g.played.length > 3) {
      try {
        g.takeback(g.played.length - 2, 'red', 'blue');
      } catch (e) {
        if (!(e instanceof RuleViolation) || !/re-keyed/.test(e.message)) throw e; // not before the entropy entry
      }
      continue;
    }
    if (r === 3 && i > 20 && !g.entries.some((e) => 'entropy' in e)) {
      g.entropy({ seats: { red: `r-${seed}`, blue: `b-${seed}` }, commitments: { red: 'c1', blue: 'c2' } });
      continue;
    }
    const last = g.played[g.played.length - 1];
    if (r === 2 && last && g.undoableBy(last.seat) > 0) {
      g.undo(last.seat);
      continue;
    }
    const seat = seats[nextInt(rng, seats.length)];
    const p = prompts(duel, g.state).find((x) => x.seat === seat)!;
    g.act(p.seat, p.choices[nextInt(rng, p.choices.length)]!.action);
  }
  return g;
}

describe('Game.fromSnapshot', () => {
  it('resuming after any prefix of the log gives the same game as replaying it: entries, undo rights, every earlier state', () => {
    const kinds = new Set<string>();
    for (const seed of ['a', 'b', 'c']) {
      const full = playedGame(seed);
      const log = full.toLog();
      for (const e of log.entries) kinds.add(Object.keys(e).find((k) => k !== 'hash' && k !== 'seat')!);
      // What the server keeps of each entry (its events and irreversibility), and the state after it.
      const replay = Game.create(duel, 'standard', { rounds: 20 }, seed);
      const kept = log.entries.map((entry) => {
        replay.replay(entry);
        const p = 'action' in entry ? replay.played.at(-1)! : null;
        return { entry, events: p?.events ?? [], irreversible: p?.irreversible ?? false, after: JSON.stringify(replay.state) };
      });
      const hashesAt = full.played.map((_, n) => stateHash(full.stateAt(n)));
      for (let k = 1; k <= log.entries.length; k++) {
        const prefix = kept.slice(0, k);
        const g = Game.fromSnapshot(duel, 'standard', { rounds: 20 }, seed, undefined, prefix, JSON.parse(prefix[k - 1]!.after) as DuelState);
        for (const e of log.entries.slice(k)) g.replay(e);
        expect(g.entries.map((e) => e.hash), `seed ${seed}, snapshot after ${k}`).toEqual(full.entries.map((e) => e.hash));
        expect(g.played.map((p) => [p.seat, p.action, p.irreversible, p.forced])).toEqual(full.played.map((p) => [p.seat, p.action, p.irreversible, p.forced]));
        expect(['red', 'blue'].map((s) => g.undoableBy(s))).toEqual(['red', 'blue'].map((s) => full.undoableBy(s)));
        expect(full.played.map((_, n) => stateHash(g.stateAt(n)))).toEqual(hashesAt);
      }
    }
    expect([...kinds].sort()).toEqual(['action', 'entropy', 'force', 'takeback', 'undo']);
  });

  it('refuses a snapshot whose state hash is not the log\'s hash after the prefix', () => {
    const full = playedGame('d');
    const prefix = full.entries.slice(0, 5).map((entry) => ({ entry, events: [], irreversible: true }));
    expect(() => Game.fromSnapshot(duel, 'standard', { rounds: 20 }, 'd', undefined, prefix, full.state))
      .toThrow(LogError);
  });
});

describe('Game.shedFacts', () => {
  it('drops the facts derived from the state and those it inherited, keeps its content and listed prompts, and plays on the same', () => {
    const shed = playedGame('shed'), kept = playedGame('shed');
    shed.memo = new WeakMap();
    const listed = prompts(duel, shed.state, shed.memo);
    const fact = (g: Game<DuelState>, fresh: string) => derivedFrom(g.state, 'test:shed', (prev: string | undefined) => prev ?? fresh);
    expect(fact(shed, 'made before')).toBe('made before');
    expect(fact(kept, 'made before')).toBe('made before');
    const before = shed.state;
    shed.shedFacts();
    expect(shed.state).not.toBe(before);
    expect(stateHash(shed.state)).toBe(stateHash(before));
    expect(prompts(duel, shed.state, shed.memo)).toBe(listed);
    expect(fact(shed, 'fresh')).toBe('fresh');
    // the same actions on: the same states and events as the game that kept its facts; its facts start afresh
    const rng = createRng('shed-on');
    for (let i = 0; i < 12 && !kept.state.outcome; i++) {
      const p = prompts(duel, kept.state)[0]!;
      const action = p.choices[nextInt(rng, p.choices.length)]!.action;
      expect(shed.act(p.seat, action)).toEqual(kept.act(p.seat, action));
      expect(shed.entries.at(-1)!.hash).toBe(kept.entries.at(-1)!.hash);
    }
    expect(fact(kept, 'fresh after')).toBe('made before');
    expect(fact(shed, 'fresh after')).toBe('fresh');
    // undo reaches back past the shed state
    const last = kept.played.at(-1)!;
    kept.undo(last.seat);
    shed.undo(last.seat);
    expect(stateHash(shed.state)).toBe(stateHash(kept.state));
  });
});

/** A whole duel of random actions, attacks one time in four: past the first checkpoint (64 actions in force). */
function longGame(seed: string): Game<DuelState> {
  const g = Game.create(duel, 'standard', { rounds: 20 }, seed);
  const rng = createRng(`long-${seed}`);
  while (!g.state.outcome) {
    const p = prompts(duel, g.state)[0]!;
    const cs = p.choices.filter((c) => c.action.type !== 'attack' || nextInt(rng, 4) === 0);
    const pool = cs.length ? cs : p.choices;
    g.act(p.seat, pool[nextInt(rng, pool.length)]!.action);
  }
  return g;
}

describe('Game.stateAt', () => {
  it('gives the same state whether it steps on from the last state asked or replays from a checkpoint', () => {
    const g = longGame('a');
    const n = g.played.length;
    expect(n).toBeGreaterThan(64);
    const copy = () => Game.load(duel, JSON.parse(JSON.stringify(g.toLog())));
    // asked backwards, the last state asked is always ahead: each one comes from its checkpoint
    const ref = copy();
    const want: string[] = [];
    for (let k = n; k >= 0; k--) want[k] = stateHash(ref.stateAt(k));
    expect(want[n]).toBe(stateHash(g.state));
    const up = copy();
    expect(want.map((_, k) => stateHash(up.stateAt(k)))).toEqual(want);
    const rng = createRng('any-order');
    const any = copy();
    for (let i = 0; i < 200; i++) {
      const k = nextInt(rng, n + 1);
      expect(stateHash(any.stateAt(k)), `state at ${k}`).toBe(want[k]);
    }
  });

  it('gives the game\'s own state after a takeback with fresh dice, the actions after it, and a re-key of the dice', () => {
    const g = longGame('f');
    const n = g.played.length;
    g.stateAt(n);
    // a takeback with fresh dice, then other actions: the state at n is a new one
    g.takeback(n - 3, 'red', 'blue');
    expect(stateHash(g.stateAt(n - 3))).toBe(stateHash(g.state));
    const rng = createRng('after-takeback');
    while (g.played.length < n && !g.state.outcome) {
      const p = prompts(duel, g.state)[0]!;
      g.act(p.seat, p.choices[nextInt(rng, p.choices.length)]!.action);
    }
    expect(stateHash(g.stateAt(g.played.length))).toBe(stateHash(g.state));
    // a re-key of the dice: the state at the current action gets the new generator
    g.stateAt(g.played.length);
    g.entropy({ seats: { red: 'r-f', blue: 'b-f' }, commitments: { red: 'c1', blue: 'c2' } });
    expect(stateHash(g.stateAt(g.played.length))).toBe(stateHash(g.state));
  });
});
