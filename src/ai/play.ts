// AI-vs-AI (or AI-vs-random) games through the same contract as every controller: each seat gets only its view.
import { actionKey, allChoices, Game, prompts, sameAction, viewFor, type Action, type BaseState, type Options, type Outcome, type Ruleset, type Seat } from '../engine/index.ts';
import { chooseRandomAction } from './random-player.ts';
import { aiAdapterFor } from './adapters.ts';
import { chooseAction, forgetPlans, normalizeLevel } from './index.ts';
import type { AiLevel, PositionReport } from './types.ts';

/** A seat's player: an AI level or the uniformly random player. */
export type PlayerKind = AiLevel | 'random';

export function parsePlayerKind(s: string): PlayerKind {
  return s === 'random' ? 'random' : normalizeLevel(s);
}

export interface PlayOptions {
  scenario?: string;
  options?: Options;
  /** Game seed (dice); players' seeds are derived from it. */
  seed: string;
  players: Record<Seat, PlayerKind>;
  maxActions?: number;
  budgetMs?: number;
  /** Called after each action (progress bars). */
  onAction?: (n: number, state: BaseState) => void;
}

export interface PlayedGame {
  outcome: Outcome | null;
  actions: number;
  /** True when the game hit maxActions before ending. */
  unfinished: boolean;
  /** Rule set figures once per turn (first position of each turn) and at the end. */
  reports: PositionReport[];
  /** Turn at which each milestone first held. */
  milestones: Record<string, number>;
  victoryLevel: string;
  /** Milliseconds spent choosing, by seat. */
  thinkMs: Record<Seat, number>;
  /**
   * Milliseconds each seat spent choosing in each of its player turns (the rule set's `activeSide` and turn when
   * its state has them, else each game turn of `report`): the 10 s bar of hard is per player turn.
   */
  turnMs: Record<Seat, number[]>;
  /** The same in CPU milliseconds of this process (less sensitive to the machine's load). */
  turnCpuMs: Record<Seat, number[]>;
  /** Positions the planner looked at in each player turn, by seat. */
  turnPositions: Record<Seat, number[]>;
  /** Most milliseconds one decision took, by seat. */
  maxDecisionMs: Record<Seat, number>;
  decisions: Record<Seat, number>;
  game: Game<BaseState>;
}

export function playGame(ruleset: Ruleset<any>, o: PlayOptions): PlayedGame {
  const game = Game.create(ruleset as Ruleset<BaseState>, o.scenario ?? ruleset.scenarios[0]!.id, o.options ?? {}, o.seed);
  forgetPlans(); // each game plans afresh: a game replays the same whatever was played before it
  const adapter = aiAdapterFor(ruleset.id);
  const reports: PositionReport[] = [];
  const milestones: Record<string, number> = {};
  const thinkMs: Record<Seat, number> = {}, decisions: Record<Seat, number> = {}, maxDecisionMs: Record<Seat, number> = {};
  const turnTotals = new Map<string, { seat: Seat; ms: number; cpu: number; positions: number }>();
  const track = () => {
    const r = adapter?.report?.(game.state);
    if (!r) return;
    if (!reports.length || reports[reports.length - 1]!.turn !== r.turn) reports.push(r);
    for (const [k, v] of Object.entries(r.milestones ?? {})) if (v && !(k in milestones)) milestones[k] = r.turn;
  };
  track();
  const max = o.maxActions ?? 100_000;
  while (!game.state.outcome && game.seq < max) {
    const p = prompts(ruleset, game.state)[0];
    if (!p) throw new Error(`${ruleset.id}: nobody can act and the game is not over (after ${game.seq} actions)`);
    const kind = o.players[p.seat];
    if (!kind) throw new Error(`no player for seat ${p.seat}; seats: ${Object.keys(o.players).join(', ')}`);
    const view = viewFor(ruleset, game.state, p.seat);
    const seed = `${o.seed}|${p.seat}|${game.seq}`;
    const t0 = performance.now(), c0 = cpuMs();
    const chosen = kind === 'random'
      ? chooseRandomAction({ ruleset: ruleset.id, seat: p.seat, level: 0, view, prompt: view.prompt!, seed })
      : chooseAction({ ruleset: ruleset.id, seat: p.seat, level: kind, view, prompt: view.prompt!, seed, budgetMs: o.budgetMs });
    const action: Action = chosen.action;
    const positions = (chosen as { stats?: { positions: number } }).stats?.positions ?? 0;
    const dt = performance.now() - t0, dc = cpuMs() - c0;
    thinkMs[p.seat] = (thinkMs[p.seat] ?? 0) + dt;
    decisions[p.seat] = (decisions[p.seat] ?? 0) + 1;
    maxDecisionMs[p.seat] = Math.max(maxDecisionMs[p.seat] ?? 0, dt);
    const st = game.state as BaseState & { turn?: number; activeSide?: string | null };
    const turn = `${st.turn ?? adapter?.report?.(game.state).turn ?? 0}|${st.activeSide ?? ''}|${p.seat}`;
    const t = turnTotals.get(turn) ?? { seat: p.seat, ms: 0, cpu: 0, positions: 0 };
    t.ms += dt;
    t.cpu += dc;
    t.positions += positions;
    turnTotals.set(turn, t);
    if (!allChoices(ruleset, game.state, p).some((c) => sameAction(c.action, action))) {
      throw new Error(`${kind} player for ${p.seat} returned ${actionKey(action)}, which is not among the prompt's choices`);
    }
    game.act(p.seat, action);
    track();
    o.onAction?.(game.seq, game.state);
  }
  const turnMs: Record<Seat, number[]> = {}, turnCpuMs: Record<Seat, number[]> = {}, turnPositions: Record<Seat, number[]> = {};
  for (const t of turnTotals.values()) {
    (turnMs[t.seat] ??= []).push(t.ms);
    (turnCpuMs[t.seat] ??= []).push(t.cpu);
    (turnPositions[t.seat] ??= []).push(t.positions);
  }
  const reportEnd = adapter?.report?.(game.state);
  if (reportEnd && reports[reports.length - 1]?.turn === reportEnd.turn) reports[reports.length - 1] = reportEnd;
  return {
    outcome: game.state.outcome, actions: game.seq, unfinished: !game.state.outcome, reports, milestones,
    victoryLevel: game.state.outcome ? adapter?.victoryLevel?.(game.state) ?? game.state.outcome.result : 'unfinished',
    thinkMs, decisions, game, turnMs, turnCpuMs, turnPositions, maxDecisionMs,
  };
}

/** CPU milliseconds of this process (thinking on a loaded machine is measured by it; 0 where unknown). */
export function cpuMs(): number {
  if (typeof process === 'undefined' || !process.cpuUsage) return 0;
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}
