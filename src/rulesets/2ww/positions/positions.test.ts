import { describe, expect, it } from 'vitest';
import { applyAction, createRng, Game, nextInt, prompts, stateHash } from '../../../engine/index.ts';
import type { Json, Prompt } from '../../../engine/index.ts';
import { twoWW } from '../index.ts';
import type { TwoWWState } from '../state.ts';
import { phaseOfStack, PHASES, type PhaseId, positionOfState, validatePosition } from './index.ts';

const support = twoWW.positions!;
const json = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;
/** The state without the action counter (a game started from a position counts its own actions from 0). */
const hashOf = (s: TwoWWState): string => stateHash({ ...s, seq: 0 });
const promptsKey = (ps: Prompt[]): string => JSON.stringify(ps);

/** One random legal action, drawn from `pick`. */
function randomStep(g: Game<TwoWWState>, pick: ReturnType<typeof createRng>): { seat: string; action: Json } | null {
  const ps = prompts(twoWW, g.state);
  if (!ps.length) return null;
  const p = ps[nextInt(pick, ps.length)]!;
  const c = p.choices[nextInt(pick, p.choices.length)]!;
  return { seat: p.seat, action: c.action as unknown as Json };
}

/** The display label a phase sets (sequence-of-play.ts, movement.ts) -> the position's phase. */
function phaseOfLabel(label: string): PhaseId[] | null {
  if (/: start$/.test(label)) return ['turn-start'];
  const table: Record<string, PhaseId[]> = {
    'Strategic warfare': ['strategic-warfare'], Production: ['production'],
    'Axis movement': ['axis-movement'], 'Axis combat': ['axis-combat'],
    'Allied movement': ['allied-movement'], 'Allied combat': ['allied-combat'],
    'Axis armored movement': ['axis-armored-action'], 'Axis armored combat': ['axis-armored-action'],
    'Allied armored movement': ['allied-armored-action'], 'Allied armored combat': ['allied-armored-action'],
    // End-of-turn fort removal is asked before its procedure renames the phase.
    Supply: ['supply', 'end-of-turn'], 'End of turn': ['end-of-turn'],
  };
  return table[label] ?? null;
}

/**
 * Play `actions` random actions; at every `every`-th action and at the first state of each new stack shape, write the
 * position, reload it through JSON, and check that the game started from it matches the original: same state, same
 * prompts, and the same state after each of the next `follow` random actions.
 */
function roundTrips(seed: string, actions: number, every: number, follow: number, from?: Json): { checked: number; shapes: Set<string>; phases: Set<string> } {
  const g = Game.create(twoWW, 'campaign-1939', { quickSetup: true }, seed, from);
  const pick = createRng(`pick:${seed}`);
  const shapes = new Set<string>();
  const phases = new Set<string>();
  let checked = 0;
  for (let i = 0; i < actions && !g.state.outcome; i++) {
    const shape = g.state.stack.map((f) => f.proc).join('>');
    const phase = phaseOfStack(g.state.stack);
    const label = phaseOfLabel(g.state.phase);
    if (label) expect(label, `action ${i}: stack ${shape} is in ${phase}, label "${g.state.phase}"`).toContain(phase);
    if (i % every === 0 || !shapes.has(shape)) {
      shapes.add(shape);
      phases.add(phase);
      checked++;
      const pos = json(support.toPosition(g.state));
      expect(validatePosition(pos), `position at action ${i} (${shape})`).toEqual([]);
      const before = JSON.stringify(pos);
      const copy = Game.create(twoWW, 'campaign-1939', {}, 'another seed', pos);
      expect(hashOf(copy.state), `state at action ${i}`).toBe(hashOf(g.state));
      expect(JSON.stringify(pos), 'Game.create leaves the position it was given unchanged').toBe(before);
      // Continue both with the same random actions (the original through the kernel, from its own state).
      let a = g.state, b = copy.state;
      const follower = createRng(`follow:${seed}:${i}`);
      for (let k = 0; k < follow && !a.outcome; k++) {
        const pa = prompts(twoWW, a);
        expect(promptsKey(prompts(twoWW, b)), `prompts ${k} after action ${i}`).toBe(promptsKey(pa));
        const p = pa[nextInt(follower, pa.length)]!;
        const c = p.choices[nextInt(follower, p.choices.length)]!;
        a = applyAction(twoWW, a, p.seat, c.action).state;
        b = applyAction(twoWW, b, p.seat, c.action).state;
        expect(hashOf(b), `state ${k + 1} actions after action ${i}`).toBe(hashOf(a));
      }
    }
    const step = randomStep(g, pick);
    if (!step) break;
    g.act(step.seat, step.action as never);
  }
  return { checked, shapes, phases };
}

describe('2WW positions: round trip', () => {
  it('docs/positions.md: a position written at many points of a random game plays on exactly like the game (prompts and 50 actions)', () => {
    const r = roundTrips('round-trip-1', 900, 60, 50);
    expect(r.checked).toBeGreaterThan(15);
    // Mid-phase stacks: movement, transit attacks, combat, strategic warfare.
    expect([...r.shapes].some((s) => s.includes('movement-phase'))).toBe(true);
    expect([...r.shapes].some((s) => s.includes('combat-phase'))).toBe(true);
    expect(r.phases.size).toBeGreaterThan(4);
  }, 600_000);

  it('docs/positions.md: round trip on a second random game, checked every 35 actions', () => {
    const r = roundTrips('round-trip-2', 450, 35, 50);
    expect(r.checked).toBeGreaterThan(12);
  }, 600_000);

  it('docs/positions.md: round trip in the later war (from a Winter 1942 turn start: Italy, the USSR and the US at war)', () => {
    const g = Game.create(twoWW, 'campaign-1939', { quickSetup: true }, 'later');
    const start = json(positionOfState(g.state)) as unknown as Record<string, unknown>;
    delete start.stack;
    delete start.phaseLabel;
    delete start.activeSide;
    Object.assign(start, { turn: 10, phase: 'turn-start', politics: { ...(start.politics as object), usEntryDelay: 0 } });
    const r = roundTrips('later-war', 300, 30, 50, start as Json);
    expect(r.checked).toBeGreaterThan(8);
    expect(r.phases.has('strategic-warfare') || r.phases.has('production')).toBe(true);
  }, 600_000);

  it('2WW 2 a position taken during the set-up placement (no quick setup) plays on like the game', () => {
    const g = Game.create(twoWW, 'campaign-1939', {}, 'placement');
    const pick = createRng('placement');
    for (let i = 0; i < 15; i++) {
      const s = randomStep(g, pick)!;
      g.act(s.seat, s.action as never);
    }
    const pos = json(positionOfState(g.state));
    expect(pos.phase).toBe('setup');
    expect(validatePosition(pos)).toEqual([]);
    const copy = Game.create(twoWW, 'campaign-1939', {}, 'x', pos as unknown as Json);
    for (let i = 0; i < 30; i++) {
      expect(promptsKey(prompts(twoWW, copy.state))).toBe(promptsKey(prompts(twoWW, g.state)));
      const s = randomStep(g, pick)!;
      g.act(s.seat, s.action as never);
      copy.act(s.seat, s.action as never);
      expect(hashOf(copy.state)).toBe(hashOf(g.state));
    }
  });

  it('docs/positions.md: the generator state in the position continues the same dice', () => {
    const g = Game.create(twoWW, 'campaign-1939', { quickSetup: true }, 'dice');
    const pos = positionOfState(g.state);
    expect(pos.dice?.rng?.s).toEqual(g.state.rng.s);
    const copy = Game.create(twoWW, 'campaign-1939', {}, 'a different seed', json(pos) as unknown as Json);
    expect(copy.state.rng).toEqual(g.state.rng);
    delete pos.dice;
    const fresh = Game.create(twoWW, 'campaign-1939', {}, 'a different seed', json(pos) as unknown as Json);
    expect(fresh.state.rng).not.toEqual(g.state.rng);
  });

  it('docs/positions.md: a game started from a position logs it, and its log replays with every hash checked', () => {
    const g = Game.create(twoWW, 'campaign-1939', { quickSetup: true }, 'log');
    const pos = json(support.toPosition(g.state));
    const copy = Game.create(twoWW, 'campaign-1939', {}, 'log-2', pos);
    const pick = createRng('log-pick');
    for (let i = 0; i < 30; i++) {
      const s = randomStep(copy, pick)!;
      copy.act(s.seat, s.action as never);
    }
    const log = json(copy.toLog());
    expect(log.position).toEqual(pos);
    const again = Game.load(twoWW, log);
    expect(hashOf(again.state)).toBe(hashOf(copy.state));
  });
});

describe('2WW positions: the start of each phase (2WW 4)', () => {
  const base = (): Record<string, unknown> => {
    const g = Game.create(twoWW, 'campaign-1939', { quickSetup: true }, 'phases');
    const pos = json(positionOfState(g.state)) as unknown as Record<string, unknown>;
    delete pos.stack;
    delete pos.phaseLabel;
    delete pos.activeSide;
    return pos;
  };
  const start = (phase: PhaseId, turn = 3): Game<TwoWWState> => {
    const pos = { ...base(), phase, turn };
    expect(validatePosition(pos), phase).toEqual([]);
    return Game.create(twoWW, 'campaign-1939', {}, `phase-${phase}`, pos as unknown as Json);
  };
  const firstPrompt = (g: Game<TwoWWState>) => prompts(twoWW, g.state)[0];

  it('2WW 4 every named phase but setup can start a game, and the game is then in that phase', () => {
    for (const phase of PHASES) {
      if (phase === 'setup') continue;
      const g = start(phase);
      expect(g.state.turn, phase).toBeGreaterThanOrEqual(3);
      expect(g.state.outcome, phase).toBeNull();
      expect(prompts(twoWW, g.state).length, phase).toBeGreaterThan(0);
      // Each phase start leads to that phase or, if it asks nothing (supply, an empty end of turn), a later one.
      const order = PHASES.indexOf(phase);
      const now = phaseOfStack(g.state.stack);
      const later = PHASES.indexOf(now) >= order || g.state.turn > 3;
      expect(later, `${phase} -> ${now}`).toBe(true);
    }
  });

  it('2WW 4.2 C a position at the Axis movement phase asks the Axis to move, with Ops Complete markers removed (C.1)', () => {
    const pos: Record<string, unknown> = { ...base(), phase: 'axis-movement', turn: 5 };
    (pos.units as { id: string; ops?: boolean }[]).find((u) => u.id === 'ge-inf-4')!.ops = true;
    const g = Game.create(twoWW, 'campaign-1939', {}, 'x', pos as unknown as Json);
    expect(g.state.stack.map((f) => f.proc)).toEqual(['game', 'player-turn', 'movement-phase']);
    expect(firstPrompt(g)!.seat).toBe('axis');
    expect(g.state.units['ge-inf-4']!.ops).toBe(false);
  });

  it('2WW 4.2 D a position at the Allied combat phase skips the Allied movement and declares Allied attacks', () => {
    const g = start('allied-combat');
    expect(g.state.stack.map((f) => f.proc).slice(0, 3)).toEqual(['game', 'player-turn', 'combat-phase']);
    expect(g.state.activeSide).toBe('allies');
    expect(firstPrompt(g)!.seat).toBe('allies');
  });

  it('2WW 10 a position at the Allied Armored Action moves Allied armor', () => {
    const g = start('allied-armored-action');
    expect(g.state.stack.map((f) => f.proc)).toContain('armored-action');
    expect(g.state.stack[1]!.side).toBe('allies');
  });
});
