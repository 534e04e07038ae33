import { describe, expect, it } from 'vitest';
import {
  actionKey, applyAction, checkLog, contentKey, forceDice, fuzzGame, Game, hashString, LogError, prompts, RuleViolation, setupGame, stateHash, viewFor, write,
  createRng, nextInt, rollDice, sameAction, sameFacts, withContentFacts, withRng, type Action, type Json, type Ruleset, type BaseState,
} from './index.ts';
import { duel, type DuelState } from './testing/duel.ts';
import { tokens } from './testing/tokens.ts';

function started(seed = 's1') {
  const g = Game.create(duel, 'standard', {}, seed);
  g.act('red', { type: 'bid', n: 2 });
  g.act('blue', { type: 'bid', n: 1 });
  return g;
}

describe('rule set interface and procedure stack', () => {
  it('setup reaches the first decision: a secret simultaneous bid asked of both seats', () => {
    const { state } = setupGame(duel, 'standard', {}, 'x');
    expect(prompts(duel, state).map((p) => p.seat)).toEqual(['red', 'blue']);
    expect(state.stack.map((f) => f.proc)).toEqual(['game', 'bid']);
  });

  it('a sealed answer is hidden from the other seat until every seat has answered', () => {
    const g = Game.create(duel, 'standard', {}, 'x');
    g.act('red', { type: 'bid', n: 3 });
    expect(prompts(duel, g.state).map((p) => p.seat)).toEqual(['blue']);
    const blueView = viewFor(duel, g.state, 'blue');
    expect(JSON.stringify(blueView.state)).not.toContain('"n":3');
    expect(JSON.stringify(blueView)).not.toContain('sealed');
    expect(JSON.stringify(blueView)).not.toContain('"rng"');
    g.act('blue', { type: 'bid', n: 1 });
    expect((g.state as DuelState).bids).toEqual({ red: 3, blue: 1 });
    expect((g.state as DuelState).active).toBe('red');
  });

  it('a nested procedure asks the non-moving seat (loss allocation) and resumes the turn', () => {
    const g = started();
    g.force([5]);
    g.act('red', { type: 'attack' });
    const p = prompts(duel, g.state);
    expect(p).toHaveLength(1);
    expect(p[0]!.seat).toBe('blue');
    expect(p[0]!.kind).toBe('allocate-loss');
    g.act('blue', { type: 'lose', unit: 2 });
    expect((g.state as DuelState).units.blue).toEqual([3, 2]);
    expect(prompts(duel, g.state)[0]!.seat).toBe('blue'); // blue's turn now
  });

  it('unknown scenario and bad options are refused with the legal list', () => {
    expect(() => setupGame(duel, 'nope', {}, 'x')).toThrow(/no scenario "nope"/);
    expect(() => setupGame(duel, 'standard', { rounds: 7 }, 'x')).toThrow(RuleViolation);
    expect(() => setupGame(duel, 'standard', { colour: 'x' }, 'x')).toThrow(/no option "colour"/);
  });
});

describe('seeded dice', () => {
  it('the same seed gives the same rolls; the generator state lives in the game state', () => {
    const a = createRng('seed'), b = createRng('seed');
    const ra = Array.from({ length: 50 }, () => rollDice(a, 6, 2, 't', 'r').total);
    const rb = Array.from({ length: 50 }, () => rollDice(b, 6, 2, 't', 'r').total);
    expect(ra).toEqual(rb);
    expect(JSON.parse(JSON.stringify(a))).toEqual(a);
  });

  it('dice of any size and count stay in range and cover every face', () => {
    const rng = createRng('range');
    for (const sides of [6, 8, 10, 12]) {
      const seen = new Set<number>();
      for (let i = 0; i < 2000; i++) {
        const r = rollDice(rng, sides, 1, 't', 'r');
        expect(r.total).toBeGreaterThanOrEqual(1);
        expect(r.total).toBeLessThanOrEqual(sides);
        seen.add(r.total);
      }
      expect(seen.size).toBe(sides);
    }
    const two = rollDice(rng, 6, 2, '2d6', 'r');
    expect(two.faces).toHaveLength(2);
    expect(two.total).toBe(two.faces[0]! + two.faces[1]!);
    expect(two.each).toBeUndefined();
    // Dice read one by one (hits on 4 or less) say so; a single die needs no word.
    expect(rollDice(rng, 6, 3, 'hits', 'r', { each: true }).each).toBe(true);
    expect(rollDice(rng, 6, 1, 'hit', 'r', { each: true }).each).toBeUndefined();
  });

  it('tests can force the next rolls, and each roll is recorded with purpose and rule case', () => {
    const g = started();
    g.force([4]);
    const events = g.act('red', { type: 'attack' });
    const roll = events.find((e) => e.roll)!.roll!;
    expect(roll).toMatchObject({ faces: [4], total: 4, purpose: 'red attack', rule: 'Duel 3.1', forced: true });
    expect(prompts(duel, g.state)[0]!.kind).toBe('allocate-loss');
  });

  it('a forced die that does not fit the die size is an error', () => {
    const rng = createRng('f');
    forceDice(rng, [7]);
    expect(() => rollDice(rng, 6, 1, 't', 'r')).toThrow(/does not fit a d6/);
  });
});

describe('action identity', () => {
  it('an action key is the action as JSON with its keys sorted (printed in refusals: no stray comma)', () => {
    expect(actionKey({ type: 'move', unit: 'ge-arm-1', to: '0402' })).toBe('{"to":"0402","type":"move","unit":"ge-arm-1"}');
    const nested = { type: 'pick', list: [{ b: 1, a: [2, { d: null, c: 'x' }] }], skipped: undefined } as unknown as Action;
    expect(JSON.parse(actionKey(nested))).toEqual({ type: 'pick', list: [{ a: [2, { c: 'x', d: null }], b: 1 }] });
  });

  it('sameAction agrees with comparing actionKeys (key order, undefined keys, nesting)', () => {
    const rng = createRng('same-action');
    const pick = <T,>(xs: T[]): T => xs[nextInt(rng, xs.length)]!;
    const value = (depth: number): Json | undefined => {
      const k = nextInt(rng, depth > 1 ? 5 : 8);
      if (k === 0) return pick([0, 1, 2, 'a', 'b', '1', true, false, null]);
      if (k === 1) return undefined;
      if (k === 2) return pick(['x', 'y']);
      if (k === 3) return nextInt(rng, 3);
      if (k === 4) return null;
      if (k === 5) return Array.from({ length: nextInt(rng, 3) }, () => value(depth + 1) ?? null);
      return object(depth + 1);
    };
    const object = (depth: number): Record<string, Json> => {
      const o: Record<string, Json> = {};
      for (const key of ['type', 'unit', 'to', 'n'].filter(() => nextInt(rng, 2) === 0)) o[key] = value(depth) as Json;
      return o;
    };
    const shuffled = (a: Json | undefined): Json | undefined => {
      if (a === null || typeof a !== 'object') return a;
      if (Array.isArray(a)) return a.map((x) => shuffled(x) as Json);
      const keys = Object.keys(a).reverse();
      return Object.fromEntries(keys.map((k) => [k, shuffled(a[k])])) as Json;
    };
    let equal = 0;
    for (let i = 0; i < 2000; i++) {
      const a = { type: 'move', ...object(0) } as Action;
      const b = (nextInt(rng, 3) === 0 ? shuffled(a as unknown as Json) : { type: 'move', ...object(0) }) as Action;
      const same = actionKey(a) === actionKey(b);
      if (same) equal++;
      expect(sameAction(a, b), `${JSON.stringify(a)} vs ${JSON.stringify(b)}`).toBe(same);
      expect(sameAction(b, a)).toBe(same);
    }
    expect(equal).toBeGreaterThan(500);
    expect(equal).toBeLessThan(2900);
  });
});

describe('rule violations', () => {
  it('an illegal action names the rule and what would be legal, and leaves the state byte-identical', () => {
    const g = started();
    for (let i = 0; i < 3; i++) g.act('red', { type: 'advance' });
    const before = JSON.stringify(g.state);
    let err: RuleViolation | undefined;
    try {
      applyAction(duel, g.state, 'red', { type: 'advance' });
    } catch (e) {
      err = e as RuleViolation;
    }
    expect(err).toBeInstanceOf(RuleViolation);
    expect(err!.rule).toBe('Duel 3.2');
    expect(err!.message).toMatch(/marker is already at 3/);
    expect(err!.legal).toEqual(['{"type":"attack"}', '{"type":"pass"}']);
    expect(JSON.stringify(g.state)).toBe(before);
  });

  it('acting out of turn is refused and says who is awaited', () => {
    const g = started();
    expect(() => g.act('blue', { type: 'pass' })).toThrow(/not blue's decision now; waiting for red/);
  });

  it('a malformed action is refused without touching the state', () => {
    const g = started();
    const before = JSON.stringify(g.state);
    expect(() => g.act('red', {} as never)).toThrow(RuleViolation);
    expect(() => g.act('red', { type: 'attack', extra: 1 })).toThrow(/not a legal choice/);
    expect(JSON.stringify(g.state)).toBe(before);
  });

  it('a procedure that makes no progress is reported as an engine error, not a hang', () => {
    const broken: Ruleset<BaseState> = {
      ...(duel as unknown as Ruleset<BaseState>),
      id: 'broken',
      setup: () => ({ stack: [{ proc: 'stuck' }] }),
      procedures: { stuck: { run: () => undefined } },
    };
    expect(() => setupGame(broken, 'standard', {}, 'x')).toThrow(/"stuck" made no progress/);
  });

  it('goto after a push in the same step is an engine error (it would replace the frame just pushed)', () => {
    const rs = (order: 'push-goto' | 'goto-push'): Ruleset<BaseState> => ({
      ...(duel as unknown as Ruleset<BaseState>),
      id: 'order',
      setup: () => ({ stack: [{ proc: 'first' }] }),
      procedures: {
        first: {
          run: (ctx) => {
            if (order === 'push-goto') { ctx.push('inner'); ctx.goto('second'); } else { ctx.goto('second'); ctx.push('inner'); }
          },
        },
        inner: { run: (ctx) => ctx.pop() },
        second: { run: (ctx) => ctx.end({ winner: null, result: 'done', rule: 'test' }) },
      },
    });
    expect(() => setupGame(rs('push-goto'), 'standard', {}, 'x')).toThrow(/goto second after a push in the same step would replace the pushed inner/);
    expect(setupGame(rs('goto-push'), 'standard', {}, 'x').state.outcome?.result).toBe('done');
  });
});

describe('action log and replay', () => {
  it('replay of a fuzzed game reproduces every state hash', () => {
    const r = fuzzGame(duel, { scenario: 'standard', seed: 'fz', options: { rounds: 20 } });
    expect(r.ok).toBe(true);
    const g = Game.load(duel, JSON.parse(JSON.stringify(r.log)));
    expect(g.entries.map((e) => e.hash)).toEqual(r.log.entries.map((e) => e.hash));
    expect(g.state.outcome).toEqual(r.outcome);
  });

  it('a tampered log is refused at the entry where it diverges', () => {
    const g = started();
    g.act('red', { type: 'advance' });
    const log = g.toLog();
    log.entries[2]!.hash = '0'.repeat(28);
    expect(() => Game.load(duel, log)).toThrow(/replay diverged at entry 2/);
  });

  it('log format versions: newer and older are refused with a clear message; fields are named', () => {
    const log = started().toLog();
    expect(() => checkLog({ ...log, version: 99 })).toThrow(/newer than this Theater reads/);
    expect(() => checkLog({ ...log, version: 0 })).toThrow(/no longer supported/);
    expect(() => checkLog({ ...log, format: 'x' })).toThrow(/log field "format"/);
    expect(() => checkLog({ ...log, entries: [{ seat: 'red', hash: 'h', action: {} }] })).toThrow(/entries\[0\]\.action/);
    expect(() => checkLog('nope')).toThrow(LogError);
  });

  it('forced dice are part of the log and replay exactly', () => {
    const g = started();
    g.force([6]);
    g.act('red', { type: 'attack' });
    g.act('blue', { type: 'lose', unit: 0 });
    const again = Game.load(duel, JSON.parse(JSON.stringify(g.toLog())));
    expect(stateHash(again.state)).toBe(stateHash(g.state));
    expect((again.state as DuelState).units.blue).toEqual([2, 2, 1]);
  });
});

describe('undo and takeback', () => {
  it('a seat may take back its own actions', () => {
    const g = started();
    const h0 = stateHash(g.state);
    g.act('red', { type: 'advance' });
    g.act('red', { type: 'advance' });
    expect(g.undoableBy('red')).toBe(2);
    g.undo('red');
    g.undo('red');
    expect(stateHash(g.state)).toBe(h0);
  });

  it('undo stops at a die roll', () => {
    const g = started();
    g.act('red', { type: 'advance' });
    g.force([1]);
    g.act('red', { type: 'attack' }); // a miss: the roll makes this irreversible
    expect(g.undoableBy('red')).toBe(0);
    expect(() => g.undo('red')).toThrow(/rolled dice|other side's consent|decision was/);
  });

  it("undo stops at another seat's decision, and the sealed bids count as a reveal", () => {
    const g = started();
    expect(g.undoableBy('blue')).toBe(0); // blue's bid revealed both
    expect(() => g.undo('red')).toThrow(RuleViolation);
  });

  it('a takeback past that needs consent and is recorded in the log', () => {
    const g = started();
    const before = g.state;
    g.force([5]);
    g.act('red', { type: 'attack' });
    g.act('blue', { type: 'lose', unit: 0 });
    expect(() => g.takeback(2, 'red', 'red')).toThrow(/agreed by another seat/);
    g.takeback(2, 'red', 'blue');
    // the same position, with a new stream of dice (below)
    expect(stateHash({ ...g.state, rng: null })).toBe(stateHash({ ...before, rng: null }));
    const log = g.toLog();
    expect(log.entries.some((e) => 'takeback' in e)).toBe(true);
    const again = Game.load(duel, JSON.parse(JSON.stringify(log)));
    expect(stateHash(again.state)).toBe(stateHash(g.state));
  });

  it('fair play 4: after an agreed takeback the dice come from a stream nobody has seen; a version-1 takeback replays the old one', () => {
    const seen: number[] = [], after: number[] = [], v1: number[] = [];
    for (let i = 0; i < 30; i++) {
      const g = Game.create(duel, 'standard', {}, `takeback-${i}`);
      g.act('red', { type: 'bid', n: 2 });
      g.act('blue', { type: 'bid', n: 1 });
      const die = () => g.played.at(-1)!.events.find((e) => e.roll)!.roll!.faces[0]!;
      g.act('red', { type: 'attack' });
      seen.push(die());
      g.takeback(2, 'red', 'blue');
      expect(g.entries.at(-1)).toMatchObject({ takeback: { to: 2, freshDice: true } });
      g.act('red', { type: 'attack' });
      after.push(die());
      const old = Game.create(duel, 'standard', {}, `takeback-${i}`);
      for (const e of g.entries.slice(0, 3)) old.replay(e);
      old.takeback(2, 'red', 'blue', false); // as a version-1 log recorded it
      old.act('red', { type: 'attack' });
      v1.push(old.played.at(-1)!.events.find((e) => e.roll)!.roll!.faces[0]!);
      expect(Game.load(duel, JSON.parse(JSON.stringify(g.toLog()))).entries.map((e) => e.hash)).toEqual(g.entries.map((e) => e.hash));
    }
    expect(v1).toEqual(seen); // the old rewind: the requester knew the next die
    expect(after.filter((d, i) => d === seen[i]).length).toBeLessThan(15); // a new stream: a repeat only by chance (1 in 6)
  });
});

describe('fuzzer', () => {
  it('plays random legal games to the end and replays them, with undo exercised', () => {
    for (let i = 0; i < 20; i++) {
      const r = fuzzGame(duel, { scenario: 'standard', seed: `g${i}`, undoPerMille: 100 });
      expect(r.failure).toBeUndefined();
      expect(r.outcome).not.toBeNull();
    }
  });

  it('reports a dead end with the procedure stack', () => {
    const deadEnd: Ruleset<BaseState> = {
      ...(duel as unknown as Ruleset<BaseState>),
      id: 'dead',
      setup: () => ({ stack: [{ proc: 'wait' }] }),
      procedures: { wait: { prompts: () => [{ seat: 'red', rule: 'X', text: 'nothing', kind: 'k', choices: [] }] } },
    };
    const r = fuzzGame(deadEnd, { scenario: 'standard', seed: 'd' });
    expect(r.ok).toBe(false);
    expect(r.failure!.kind).toBe('dead-end');
    expect(r.failure!.message).toMatch(/no legal choice/);
  });

  it('reports a broken invariant and keeps the failing game as a log', () => {
    const bad: Ruleset<DuelState> = { ...duel, id: 'bad', invariants: (s) => (s.seq >= 3 ? ['seq reached 3'] : []) };
    const r = fuzzGame(bad, { scenario: 'standard', seed: 'b' });
    expect(r.failure).toMatchObject({ kind: 'invariant', message: 'seq reached 3', at: 3 });
    expect(r.log.entries).toHaveLength(3);
  });
});

describe('structured prompts (pick a group, then one of its choices)', () => {
  it('a group lists its choices on request; allChoices expands every group', async () => {
    const { choicesIn, allChoices } = await import('./index.ts');
    const { state } = setupGame(tokens, 's', {}, 'x');
    const p = prompts(tokens, state)[0]!;
    expect(p.groups!.map((g) => g.key)).toEqual(['x', 'y']);
    expect(choicesIn(tokens, state, 'a', 'y').map((c) => c.action.to)).toEqual([2, 4]);
    expect(choicesIn(tokens, state, 'a', 'nope')).toEqual([]);
    expect(allChoices(tokens, state, p).map((c) => c.label)).toEqual(['Stop', 'x to 1', 'y to 2', 'y to 4']);
  });

  it('labels a player could not tell apart are numbered among themselves, in a prompt and in a group', async () => {
    const { choicesIn } = await import('./index.ts');
    const move = tokens.procedures.move!;
    // Every label says only "Move" or "Token": the players see "(1 of 2)"..., the actions are untouched.
    const alike: typeof tokens = { ...tokens, procedures: { move: {
      ...move,
      prompts: (s, f) => move.prompts!(s, f).map((p) => ({ ...p, choices: [...p.choices, { action: { type: 'stop' }, label: 'Stop' }], groups: p.groups!.map((g) => ({ ...g, label: 'Token' })) })),
      choicesIn: (s, f, seat, group) => move.choicesIn!(s, f, seat, group).map((c) => ({ ...c, label: 'Move' })),
    } } };
    const { state } = setupGame(alike, 's', {}, 'x');
    const p = prompts(alike, state)[0]!;
    expect(p.choices.map((c) => c.label)).toEqual(['Stop (1 of 2)', 'Stop (2 of 2)']);
    expect(p.groups!.map((g) => g.label)).toEqual(['Token (1 of 2)', 'Token (2 of 2)']);
    expect(choicesIn(alike, state, 'a', 'y').map((c) => [c.label, c.action.to])).toEqual([['Move (1 of 2)', 2], ['Move (2 of 2)', 4]]);
    expect(choicesIn(alike, state, 'a', 'x').map((c) => c.label)).toEqual(['Move']);
  });

  it('a player is shown only the groups that hold a choice where the procedure says some may not (sparseGroups)', async () => {
    const { playerPrompt } = await import('./index.ts');
    const move = tokens.procedures.move!;
    // A third token, w, that can never move; every group is labelled "Token".
    const blocked: typeof tokens = { ...tokens, setup: () => ({ at: { w: 0, x: 0, y: 3 }, stack: [{ proc: 'move' }] }), procedures: { move: {
      ...move,
      prompts: (s, f) => move.prompts!(s, f).map((p) => ({ ...p, groups: p.groups!.map((g) => ({ ...g, label: 'Token' })) })),
      choicesIn: (s, f, seat, group) => (group === 'w' ? [] : move.choicesIn!(s, f, seat, group)),
    } } };
    const sparse: typeof tokens = { ...blocked, procedures: { move: { ...blocked.procedures.move!, sparseGroups: true } } };
    const { state } = setupGame(sparse, 's', {}, 'x');
    expect(prompts(sparse, state)[0]!.groups!.map((g) => [g.key, g.label])).toEqual([['w', 'Token (1 of 3)'], ['x', 'Token (2 of 3)'], ['y', 'Token (3 of 3)']]);
    const shown = playerPrompt(sparse, state, 'a')!;
    expect(shown.groups!.map((g) => [g.key, g.label])).toEqual([['x', 'Token (1 of 2)'], ['y', 'Token (2 of 2)']]);
    expect(viewFor(sparse, state, 'a').prompt).toEqual(shown);
    expect(viewFor(sparse, state, null).prompt).toBeNull();
    // Without the flag the prompt is shown as the rules give it, empty group and all.
    const plain = setupGame(blocked, 's', {}, 'x').state;
    expect(playerPrompt(blocked, plain, 'a')!.groups!.map((g) => g.key)).toEqual(['w', 'x', 'y']);
  });

  it('an action inside a group is legal; one outside its group is refused and changes nothing', () => {
    const { state } = setupGame(tokens, 's', {}, 'x');
    const r = applyAction(tokens, state, 'a', { type: 'move', token: 'y', to: 4 });
    expect(r.state.at).toEqual({ x: 0, y: 4 });
    expect(() => applyAction(tokens, state, 'a', { type: 'move', token: 'x', to: 2 })).toThrow(RuleViolation);
    expect(() => applyAction(tokens, state, 'a', { type: 'move', token: 'z', to: 1 })).toThrow(RuleViolation);
    expect(state.at).toEqual({ x: 0, y: 3 });
  });

  it("a procedure's choicesFor checks one action alone; check mode compares its answer with the whole group's", async () => {
    const { checkDerivedFacts, EngineError } = await import('./index.ts');
    const move = tokens.procedures.move!;
    let asked = 0;
    // `wrong`: a one-action check that lets a token jump two places (not in its group).
    const withFor = (wrong: boolean): typeof tokens => ({ ...tokens, procedures: { move: { ...move, choicesFor(s, f, seat, group, a) {
      asked++;
      const cs = move.choicesIn!(s, f, seat, group);
      return wrong && typeof a.to === 'number' && Math.abs(a.to - s.at[group]!) === 2 ? [...cs, { action: a, label: 'jump' }] : cs;
    } } } });
    const right = withFor(false), jumps = withFor(true);
    const s0 = setupGame(right, 's', {}, 'x').state;
    expect(applyAction(right, s0, 'a', { type: 'move', token: 'y', to: 4 }).state.at).toEqual({ x: 0, y: 4 });
    expect(asked).toBe(1);
    expect(() => applyAction(right, s0, 'a', { type: 'move', token: 'y', to: 5 })).toThrow(RuleViolation);
    const j0 = setupGame(jumps, 's', {}, 'x').state;
    expect(applyAction(jumps, j0, 'a', { type: 'move', token: 'y', to: 5 }).state.at).toEqual({ x: 0, y: 5 }); // unchecked
    const c0 = setupGame(jumps, 's', {}, 'x').state;
    checkDerivedFacts(c0);
    expect(applyAction(jumps, c0, 'a', { type: 'move', token: 'y', to: 2 }).state.at).toEqual({ x: 0, y: 2 });
    const c1 = setupGame(jumps, 's', {}, 'x').state;
    checkDerivedFacts(c1);
    expect(() => applyAction(jumps, c1, 'a', { type: 'move', token: 'y', to: 5 })).toThrow(EngineError);
  });

  it("the fuzzer's group-first player picks uniformly among the prompt's choice and groups, then within the group", () => {
    // First position: Stop, group x (x to 1), group y (y to 2, y to 4). Group first: Stop 1 in 3; whole list: 1 in 4.
    const stops = (pick: 'all' | 'group') => {
      let n = 0;
      for (let i = 0; i < 2000; i++) {
        const r = fuzzGame(tokens, { scenario: 's', seed: `g${i}`, maxActions: 1, pick });
        if (r.log.entries.length === 1 && 'action' in r.log.entries[0]! && r.log.entries[0].action.type === 'stop') n++;
      }
      return n;
    };
    const group = stops('group'), all = stops('all');
    expect(group).toBeGreaterThan(600);
    expect(group).toBeLessThan(740);
    expect(all).toBeGreaterThan(430);
    expect(all).toBeLessThan(570);
    const whole = fuzzGame(tokens, { scenario: 's', seed: 'whole', pick: 'group' });
    expect(whole.failure ?? null).toBeNull();
    expect(whole.outcome?.result).toBe('stopped');
  });
});

describe('facts derived from settled states (derived, derivedFrom, check mode)', () => {
  it('a fact is computed once per settled state; on a state the kernel did not settle, each time', async () => {
    const { derived } = await import('./index.ts');
    const { state } = setupGame(tokens, 's', {}, 'x');
    let n = 0;
    const sum = (s: typeof state) => derived(s, 'test:sum', () => { n++; return s.at.x! + s.at.y!; });
    expect(sum(state)).toBe(3);
    expect(sum(state)).toBe(3);
    expect(n).toBe(1);
    const copy = structuredClone(state);
    sum(copy);
    sum(copy);
    expect(n).toBe(3);
    expect(prompts(tokens, state)).toBe(prompts(tokens, state)); // the kernel keeps a settled state's prompts
  });

  it('derivedFrom hands over the latest earlier value; check mode throws when a reused value differs from a fresh one', async () => {
    const { derivedFrom, checkDerivedFacts, EngineError } = await import('./index.ts');
    const a = setupGame(tokens, 's', {}, 'x').state;
    derivedFrom(a, 'test:x', () => a.at.x);
    const b = applyAction(tokens, a, 'a', { type: 'move', token: 'y', to: 4 }).state;
    const c = applyAction(tokens, b, 'a', { type: 'move', token: 'y', to: 5 }).state;
    expect(derivedFrom(c, 'test:x', (prev) => prev ?? -1)).toBe(0); // known at a, two actions back
    const d0 = setupGame(tokens, 's', {}, 'y').state;
    checkDerivedFacts(d0);
    derivedFrom(d0, 'test:x', () => d0.at.x);
    const d1 = applyAction(tokens, d0, 'a', { type: 'move', token: 'y', to: 2 }).state;
    expect(derivedFrom(d1, 'test:x', (prev) => prev ?? d1.at.x)).toBe(0); // x did not move: reuse is right
    const d2 = applyAction(tokens, d1, 'a', { type: 'move', token: 'x', to: 1 }).state;
    expect(() => derivedFrom(d2, 'test:x', (prev) => prev ?? d2.at.x)).toThrow(EngineError); // stale reuse caught
    expect(() => checkDerivedFacts(structuredClone(d0))).toThrow(EngineError);
  });

  it('derivedFrom: a fact no state asked for in the last 24 to 32 states is no longer offered; one asked meanwhile is', async () => {
    const { derivedFrom } = await import('./index.ts');
    let s = setupGame(tokens, 's', {}, 'age').state;
    derivedFrom(s, 'test:old', () => 'old');
    derivedFrom(s, 'test:kept', () => 'kept');
    /** Where the fact made at the set-up was last offered (asked on a side branch, which changes nothing here). */
    let lastOffered = 0;
    for (let i = 1; i <= 48; i++) {
      s = applyAction(tokens, s, 'a', { type: 'move', token: 'y', to: i % 2 ? 4 : 3 }).state;
      derivedFrom(s, 'test:tick', () => i); // every state makes a fact, as a rule set's do: the chain merges every 8
      const probe = applyAction(tokens, s, 'a', { type: 'move', token: 'y', to: s.at.y! + 1 }).state;
      if (derivedFrom(probe, 'test:old', (prev) => prev ?? 'fresh') === 'old') lastOffered = i;
      if (i % 12 === 0) expect(derivedFrom(s, 'test:kept', (prev) => prev ?? 'fresh')).toBe('kept');
    }
    // Made at the set-up, merged at the 9th state after it, carried through the merges at the 17th and 25th, not the
    // 33rd: the 32nd state (the probe after s31) is the last one offered it.
    expect(lastOffered).toBe(31);
  });

  it("derivedFrom with carry 'next': offered to the states applied from the one that made or asked it, no further", async () => {
    const { derivedFrom, checkDerivedFacts, EngineError } = await import('./index.ts');
    const next = { carry: 'next' } as const;
    const a = setupGame(tokens, 's', {}, 'next').state;
    derivedFrom(a, 'test:near', () => 'made at a', next);
    const b = applyAction(tokens, a, 'a', { type: 'move', token: 'y', to: 4 }).state;
    const b2 = applyAction(tokens, a, 'a', { type: 'move', token: 'y', to: 2 }).state;
    const c = applyAction(tokens, b, 'a', { type: 'move', token: 'y', to: 5 }).state;
    // two actions on, not asked at b: not offered (a plain derivedFrom fact would be)
    expect(derivedFrom(c, 'test:near', (prev) => prev ?? 'fresh at c', next)).toBe('fresh at c');
    // asked at b (a child of a): offered, and asking it carries it on to b's children
    expect(derivedFrom(b, 'test:near', (prev) => prev ?? 'fresh at b', next)).toBe('made at a');
    expect(derivedFrom(b2, 'test:near', (prev) => prev ?? 'fresh at b2', next)).toBe('made at a');
    const c2 = applyAction(tokens, b, 'a', { type: 'move', token: 'y', to: 3 }).state;
    expect(derivedFrom(c2, 'test:near', (prev) => prev ?? 'fresh at c2', next)).toBe('made at a');
    // the two carries are apart: a plain derivedFrom of the same key does not see it
    const c3 = applyAction(tokens, b, 'a', { type: 'move', token: 'x', to: 1 }).state;
    expect(derivedFrom(c3, 'test:near', (prev) => prev ?? 'fresh at c3')).toBe('fresh at c3');
    // check mode compares a reused value with a fresh one, as for plain derivedFrom
    const d0 = setupGame(tokens, 's', {}, 'next-check').state;
    checkDerivedFacts(d0);
    derivedFrom(d0, 'test:x', () => d0.at.x, next);
    const d1 = applyAction(tokens, d0, 'a', { type: 'move', token: 'x', to: 1 }).state;
    expect(() => derivedFrom(d1, 'test:x', (prev) => prev ?? d1.at.x, next)).toThrow(EngineError);
  });

  it('derivedFrom inside withContentFacts offers the scope\'s latest value where no ancestor made the fact; check mode checks it', async () => {
    const { derivedFrom, checkDerivedFacts, withContentFacts, EngineError } = await import('./index.ts');
    const root = setupGame(tokens, 's', {}, 'pool').state;
    checkDerivedFacts(root);
    const x = (s: typeof root) => derivedFrom(s, 'test:x-at', (prev: { x: number } | undefined) => (prev?.x === s.at.x ? prev : { x: s.at.x! }));
    withContentFacts(() => {
      // Two sibling positions: the fact made in the first is offered to the second (x stands where it stood).
      const first = applyAction(tokens, root, 'a', { type: 'move', token: 'y', to: 4 }).state;
      const made = x(first);
      const second = applyAction(tokens, root, 'a', { type: 'move', token: 'y', to: 2 }).state;
      expect(x(second)).toBe(made);
      // A sibling where x moved gets a fresh value; a stale reuse is caught by check mode, as from an ancestor.
      const third = applyAction(tokens, root, 'a', { type: 'move', token: 'x', to: 1 }).state;
      expect(x(third)).toEqual({ x: 1 });
      const fourth = applyAction(tokens, root, 'a', { type: 'move', token: 'y', to: 4 }).state;
      expect(() => derivedFrom(fourth, 'test:x-at', (prev: { x: number } | undefined) => prev ?? { x: fourth.at.x! })).toThrow(EngineError);
    });
    // Outside a scope nothing is offered: the first state to make the fact starts afresh.
    const alone = applyAction(tokens, root, 'a', { type: 'move', token: 'y', to: 4 }).state;
    expect(derivedFrom(alone, 'test:x-at', (prev) => prev ?? 'fresh')).toBe('fresh');
  });

  it('check mode compares facts deeply: records in any key order, arrays, Maps, Sets, typed arrays, class objects', () => {
    class Reach { constructor(readonly nodes: number[]) {} }
    const same: [unknown, unknown][] = [
      [{ a: 1, b: [1, 'x', { c: null }] }, { b: [1, 'x', { c: null }], a: 1 }],
      [new Map([['k', { v: [1] }]]), new Map([['k', { v: [1] }]])], [new Set(['a', 'b']), new Set(['b', 'a'])],
      [new Int32Array([1, 2]), new Int32Array([1, 2])], [new Reach([3]), new Reach([3])], [NaN, NaN], [{}, {}],
    ];
    const differ: [unknown, unknown][] = [
      [{ a: 1 }, { a: 2 }], [{ a: 1 }, { a: 1, b: 2 }], [{ a: undefined, b: 1 }, { b: 1, c: 2 }], [{ a: undefined }, {}],
      [[1, 2], [1, 2, 3]], [[{ a: 1 }], [{ a: 2 }]], [new Map([['k', 1]]), new Map([['j', 1]])], [new Set(['a']), new Set(['b'])],
      [new Int32Array([1]), new Uint32Array([1])], [new Reach([3]), { nodes: [3] }], [[1], { 0: 1, length: 1 }], [null, {}], [0, NaN],
    ];
    for (const [a, b] of same) expect([sameFacts(a, b), sameFacts(b, a)], JSON.stringify([a, b])).toEqual([true, true]);
    for (const [a, b] of differ) expect([sameFacts(a, b), sameFacts(b, a)], JSON.stringify([a, b])).toEqual([false, false]);
  });

  it('withRng: a copy with other dice shares the settled facts of its position (not in check mode)', async () => {
    const { withRng, checkDerivedFacts } = await import('./index.ts');
    const g = started('w');
    const copy = withRng(g.state, createRng('other'));
    expect(prompts(duel, copy)).toBe(prompts(duel, g.state));
    const checked = setupGame(tokens, 's', {}, 'z').state;
    checkDerivedFacts(checked);
    expect(prompts(tokens, withRng(checked, createRng('other')))).not.toBe(prompts(tokens, checked));
    expect(prompts(tokens, withRng(checked, createRng('other')))).toEqual(prompts(tokens, checked));
  });
});

describe('copy-on-write states (Ruleset.copyOnWrite)', () => {
  interface Counts extends BaseState { a: { n: number }; b: { m: number } }
  const counts: Ruleset<Counts> = {
    id: 'counts', title: 'Counts', rulesVersion: '0', seats: ['x'], scenarios: [{ id: 'one', name: 'One', description: '', seats: ['x'] }], options: [],
    copyOnWrite: true,
    setup: () => ({ a: { n: 0 }, b: { m: 0 }, stack: [{ proc: 'turn' }] }),
    view: (s) => s as unknown as Json,
    procedures: {
      turn: {
        prompts: () => [{ seat: 'x', rule: 'test', kind: 'count', text: 'Count', choices: ['add', 'bypass'].map((type) => ({ action: { type }, label: type })) }],
        act(ctx, _f, _seat, action) {
          if (action.type === 'add') write(ctx.state, 'a').n++;
          else ctx.state.b.m++; // not through write: refused
        },
      },
    },
  };

  it('an apply copies only what the rules write; the state before is unchanged and shares the rest', () => {
    const s0 = setupGame(counts, 'one', {}, 'x').state;
    const s1 = applyAction(counts, s0, 'x', { type: 'add' }).state;
    expect([s0.a.n, s1.a.n]).toEqual([0, 1]);
    expect(s1.b).toBe(s0.b);
    expect(stateHash(s1)).toBe(hashString(JSON.stringify(s1)));
    expect(() => applyAction(counts, s1, 'x', { type: 'bypass' })).toThrow(TypeError);
    expect(s1.b.m).toBe(0);
  });

  it('contentKey: equal content, equal key (copies from the same state share unchanged parts); any difference, another key', () => {
    interface Units extends BaseState { units: Record<string, { where: string }> }
    const moves: Ruleset<Units> = {
      ...(counts as unknown as Ruleset<Units>), id: 'moves',
      setup: () => ({ units: { u1: { where: 'a' }, u2: { where: 'a' } }, stack: [{ proc: 'turn' }] }),
      procedures: {
        turn: {
          prompts: () => [{ seat: 'x', rule: 'test', kind: 'move', text: 'Move', choices: ['b', 'c'].map((to) => ({ action: { type: 'move', to }, label: to })) }],
          act(ctx, _f, _seat, action) { write(ctx.state, 'units', 'u1').where = action.to as string; },
        },
      },
    };
    const s0 = setupGame(moves, 'one', {}, 'x').state;
    expect(contentKey(s0)).toBeNull();
    withContentFacts(() => {
      const b1 = applyAction(moves, s0, 'x', { type: 'move', to: 'b' }).state;
      const b2 = applyAction(moves, withRng(s0, createRng('other')), 'x', { type: 'move', to: 'b' }).state;
      const c = applyAction(moves, s0, 'x', { type: 'move', to: 'c' }).state;
      expect(b2).not.toBe(b1);
      expect(contentKey(b2)).toBe(contentKey(b1));
      expect(contentKey({ ...s0, seq: 9, rng: createRng('y') })).toBe(contentKey(s0));
      expect(new Set([s0, b1, c].map(contentKey)).size).toBe(3);
      expect(contentKey({ ...s0, units: { u2: s0.units.u2!, u1: s0.units.u1! } })).not.toBe(contentKey(s0)); // key order
      expect(contentKey({ ...s0, units: { u1: s0.units.u1! } })).not.toBe(contentKey(s0));
      const open = { ...s0, units: { u1: { where: 'a' }, u2: { where: 'a' } } };
      const before = contentKey(open);
      open.units.u1.where = 'b'; // not frozen: read again
      expect(contentKey(open)).not.toBe(before);
    });
  });
});
