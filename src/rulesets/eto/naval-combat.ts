// ETO 9.0 Naval Combat (with 16.2-16.3 air-naval attacks by carrier air, as 9.0 and 8.7 call for them).
import { type Action, type Choice, type ChoiceRefs, type Ctx, type Frame, type Procedure, type Prompt, write } from '../../engine/index.ts';
import type { AirNavalAction, NavalCombatAction, WithdrawAction } from './actions.ts';
import { pairLost, stpLost } from './sea-transport.ts';
import { alive, type EtoState, ratings, type Side } from './state.ts';

const choicesOf = <A extends Action>(actions: A[], label: (a: A) => string, refs?: (a: A) => ChoiceRefs | undefined): Choice[] =>
  actions.map((a) => { const r = refs?.(a); return { action: a, label: label(a), ...(r ? { refs: r } : {}) }; });

function shipName(s: EtoState, id: string): string {
  const sh = s.ships[id]!;
  return `${sh.name}${sh.damaged ? ' (damaged)' : ''}`;
}

/** ETO 9.5 / 16.2: a hit damages an undamaged unit and sinks a damaged one; `sinks` (doubles) sinks outright. */
export function applyHit(ctx: Ctx<EtoState>, id: string, sinks: boolean, rule: string): void {
  if (ctx.state.ships[id]!.sunk) return;
  const sh = write(ctx.state, 'ships', id);
  if (sh.type === 'STP') {
    // 10.9: each hit costs one STP, doubles or not; what it carried passes to the STPs left or is lost.
    sh.points = (sh.points ?? 1) - 1;
    if (sh.points <= 0) { sh.sunk = true; sh.inPort = false; }
    ctx.log(`${sh.name} loses 1 STP${sh.sunk ? ' and is gone' : ''}`, 'ETO 10.9');
    if (sh.sunk) stpLost(ctx, id);
    return;
  }
  // 11.0: a submarine has no damaged side; a hit sinks it.
  if (sinks || sh.damaged || sh.type === 'SS') {
    sh.sunk = true;
    sh.inPort = false;
    ctx.log(`${sh.name} is sunk`, rule);
    if (sh.pair) pairLost(ctx, id); // 10.8: either ship sunk loses the pair's STP
  } else {
    sh.damaged = true;
    ctx.log(`${sh.name} is damaged`, rule);
  }
}

/**
 * ETO 9.2, 9.5: 2d6 + gunnery >= armor hits, a natural 12 always hits; a hit rolled as doubles sinks, except a 12
 * that was needed (or more) to hit.
 */
export function gunneryResult(d1: number, d2: number, gunnery: number, armor: number): { hit: boolean; sinks: boolean } {
  const total = d1 + d2;
  const hit = total + gunnery >= armor || total === 12;
  const needed = armor - gunnery;
  const sinks = hit && d1 === d2 && !(total === 12 && needed >= 12);
  return { hit, sinks };
}

/** ETO 16.2-16.3: 2d6 (+3 for naval air against a named ship) >= armor hits; doubles on a hit sink. */
export function airNavalResult(d1: number, d2: number, named: boolean, armor: number): { hit: boolean; sinks: boolean } {
  const hit = d1 + d2 + (named ? 3 : 0) >= armor;
  return { hit, sinks: hit && d1 === d2 };
}

// ---- air-naval attacks by carrier air (16.2) ----

interface AirFrame extends Frame {
  side: Side;
  /** Attacks left (sum of the carriers' air strengths). */
  left: number;
  targets: string[];
  rule: string;
}

export const airNavalAttack: Procedure<EtoState, AirFrame> = {
  prompts(s, f) {
    const targets = alive(s, f.targets);
    if (f.left <= 0 || targets.length === 0) return [];
    const acts: AirNavalAction[] = [...targets.map((t): AirNavalAction => ({ type: 'air-attack', target: t })), { type: 'no-more-air-attacks' }];
    return [{
      seat: f.side, rule: f.rule, kind: 'air-naval-attack',
      text: `Carrier air: ${f.left} attack(s) left; choose a target`,
      choices: choicesOf(acts, (a) => (a.type === 'air-attack' ? `Air attack on ${shipName(s, a.target)}` : 'No more air attacks'),
        (a) => (a.type === 'air-attack' ? { place: s.ships[a.target]!.space, targets: [a.target] } : undefined)),
    } satisfies Prompt];
  },
  run(ctx) {
    ctx.pop();
  },
  act(ctx, f, _seat, a: AirNavalAction) {
    if (a.type === 'no-more-air-attacks') {
      ctx.pop();
      return;
    }
    const t = ctx.state.ships[a.target]!;
    const r = ratings(t);
    const d = ctx.roll(6, 2, `Carrier air attacks ${t.name} (armor ${r.armor}${t.named ? ', +3 against a named ship' : ''})`, 'ETO 16.2');
    const res = airNavalResult(d.faces[0]!, d.faces[1]!, t.named, r.armor);
    ctx.log(res.hit ? `hit${res.sinks ? ' with doubles' : ''}` : 'miss', 'ETO 16.2');
    if (res.hit) applyHit(ctx, t.id, res.sinks, 'ETO 16.2');
    f.left--;
  },
};

/** Carriers of a stack whose naval air can fly: undamaged and carrying air (ETO 9.0). */
export function flyingCarriers(s: EtoState, ids: readonly string[]): string[] {
  return alive(s, ids).filter((id) => s.ships[id]!.air > 0 && !s.ships[id]!.damaged);
}

export function airAttacks(s: EtoState, carriers: readonly string[]): number {
  return carriers.reduce((n, id) => n + s.ships[id]!.air, 0);
}

// ---- naval combat (9.1-9.6) ----

export interface CombatFrame extends Frame {
  /** The finding (intercepting) group and the intercepted stack. */
  a: { side: Side; ships: string[] };
  b: { side: Side; ships: string[] };
  stage: 'air-a' | 'air-b' | 'holdout' | 'assign' | 'withdraw' | 'pursue' | 'done';
  round: 1 | 2;
  /** Round 1 sub-round (gunnery rating firing now, 5..0). */
  sub: number;
  held: string[];
  fired: string[];
  /** Shots declared in the current sub-round (round 2: the whole round). */
  shots: { ship: string; target: string }[];
  /** Attacks received this round, for the target distribution rule 9.4. */
  attacked: Record<string, number>;
  /** Ships that withdrew (9.6). */
  withdrawn: string[];
  /** Side that must decide on pursuit (9.6). */
  pursuer?: Side;
  noWithdrawal?: boolean;
}

const sideOf = (f: CombatFrame, side: Side) => (f.a.side === side ? f.a : f.b);

/** Ships of one side still in the battle (alive, not withdrawn). */
function inBattle(s: EtoState, f: CombatFrame, side: Side): string[] {
  return alive(s, sideOf(f, side).ships).filter((id) => !f.withdrawn.includes(id));
}

function committed(s: EtoState, f: CombatFrame, side: Side): string[] {
  return inBattle(s, f, side).filter((id) => !f.held.includes(id));
}

const hasGunnery = (s: EtoState, id: string) => ratings(s.ships[id]!).gunnery !== null;

/** 9.1: how many more units `side` may still hold out this round. */
function mayHoldOut(s: EtoState, f: CombatFrame, side: Side): number {
  const mine = inBattle(s, f, side).length;
  const theirs = inBattle(s, f, side === 'axis' ? 'allies' : 'axis');
  if (mine <= theirs.length) return 0;
  const minimum = theirs.filter((id) => hasGunnery(s, id)).length;
  return Math.max(0, committed(s, f, side).length - Math.max(1, minimum));
}

/** Ships that fire now and have not been given a target yet. */
function firers(s: EtoState, f: CombatFrame, side: Side): string[] {
  return committed(s, f, side).filter((id) => {
    if (f.fired.includes(id) || f.shots.some((x) => x.ship === id)) return false;
    const g = ratings(s.ships[id]!).gunnery;
    return g !== null && (f.round === 2 || g === f.sub);
  });
}

/** 9.4: a unit may be attacked again only when every other enemy unit in the battle has been attacked as often. */
function legalTargets(s: EtoState, f: CombatFrame, side: Side, ship: string): string[] {
  // 11.3: of surface ships only DDs (and DEs) fire at a submarine.
  const enemy = committed(s, f, side === 'axis' ? 'allies' : 'axis').filter((id) => s.ships[id]!.type !== 'SS' || ['DD', 'SS'].includes(s.ships[ship]!.type));
  if (enemy.length === 0) return [];
  const count = (id: string) => (f.attacked[id] ?? 0) + f.shots.filter((x) => x.target === id).length;
  const min = Math.min(...enemy.map(count));
  return enemy.filter((id) => count(id) === min);
}

function withdrawalOptions(s: EtoState, f: CombatFrame, side: Side): WithdrawAction[] {
  const ships = inBattle(s, f, side).sort();
  const half = Math.ceil(ships.length / 2);
  const out: WithdrawAction[] = [{ type: 'withdraw', ships: [] }];
  if (ships.length > 1) {
    if (ships.length <= 6) {
      // every subset of at most half the ships (9.6)
      for (let mask = 1; mask < 1 << ships.length; mask++) {
        const pick = ships.filter((_, i) => mask & (1 << i));
        if (pick.length <= half && pick.length < ships.length) out.push({ type: 'withdraw', ships: pick });
      }
    } else {
      // large stacks: the k most damaged, then slowest, ships (docs/rulings/eto.md, 9.6)
      const order = [...ships].sort((x, y) => Number(s.ships[y]!.damaged) - Number(s.ships[x]!.damaged)
        || ratings(s.ships[x]!).speed - ratings(s.ships[y]!).speed || (x < y ? -1 : 1));
      for (let k = 1; k <= half && k < ships.length; k++) out.push({ type: 'withdraw', ships: order.slice(0, k) });
    }
  }
  out.push({ type: 'withdraw', ships });
  return out;
}

function bothSides(f: CombatFrame): Side[] {
  return [f.a.side, f.b.side];
}

export const navalCombat: Procedure<EtoState, CombatFrame> = {
  prompts(s, f) {
    if (f.stage === 'holdout') {
      for (const side of bothSides(f)) {
        if (mayHoldOut(s, f, side) > 0 && !(f[`holdDone:${side}`] as boolean | undefined)) {
          const acts: NavalCombatAction[] = [...committed(s, f, side).map((id): NavalCombatAction => ({ type: 'hold-out', ship: id })), { type: 'commit' }];
          return [{
            seat: side, rule: 'ETO 9.1', kind: 'hold-out',
            text: `Round ${f.round}: you may hold out ${mayHoldOut(s, f, side)} more unit(s) (held-out units neither attack nor are attacked)`,
            choices: choicesOf(acts, (a) => (a.type === 'hold-out' ? `Hold out ${shipName(s, a.ship)}` : 'Commit the rest'), (a) => (a.type === 'hold-out' ? { units: [a.ship] } : undefined)),
          }];
        }
      }
      return [];
    }
    if (f.stage === 'assign') {
      for (const side of bothSides(f)) {
        const fs = firers(s, f, side);
        if (fs.length === 0) continue;
        const ship = fs[0]!;
        const targets = legalTargets(s, f, side, ship);
        const acts: NavalCombatAction[] = [...targets.map((t): NavalCombatAction => ({ type: 'fire', ship, target: t })), { type: 'hold-fire', ship }];
        return [{
          seat: side, rule: f.round === 1 ? 'ETO 9.3' : 'ETO 9.3 (round 2)', kind: 'naval-fire',
          text: `${shipName(s, ship)} (gunnery ${ratings(s.ships[ship]!).gunnery}) fires: choose a target`,
          choices: choicesOf(acts, (a) => (a.type === 'fire' ? `${shipName(s, ship)} fires at ${shipName(s, a.target)}` : `${shipName(s, ship)} holds fire`),
            (a) => ({ units: [ship], ...(a.type === 'fire' ? { targets: [a.target] } : {}) })),
        }];
      }
      return [];
    }
    if (f.stage === 'pursue' && f.pursuer) {
      return [{
        seat: f.pursuer, rule: 'ETO 9.6', kind: 'yes-no',
        text: 'The enemy withdrew entirely: fight round 2 against the whole withdrawing force?',
        choices: choicesOf([{ type: 'pursue' }, { type: 'let-go' }], (a) => (a.type === 'pursue' ? 'Fight round 2' : 'Let them go')),
      }];
    }
    return [];
  },
  run(ctx, f) {
    const s = ctx.state;
    if (f.stage === 'air-a' || f.stage === 'air-b') {
      // 9.0: carrier air of the finding group, then of the intercepted stack, attacks before any gunfire
      const side = f.stage === 'air-a' ? f.a : f.b;
      const enemy = f.stage === 'air-a' ? f.b : f.a;
      f.stage = f.stage === 'air-a' ? 'air-b' : 'holdout';
      const carriers = flyingCarriers(s, side.ships);
      if (carriers.length && alive(s, enemy.ships).length) {
        ctx.push('air-naval-attack', { side: side.side, left: airAttacks(s, carriers), targets: alive(s, enemy.ships), rule: 'ETO 9.0, 16.2' });
      } else ctx.push('naval-combat-noop');
      return;
    }
    if (f.stage === 'holdout') {
      if (committed(s, f, f.a.side).length === 0 || committed(s, f, f.b.side).length === 0) {
        f.stage = 'done';
        ctx.push('naval-combat-noop');
        return;
      }
      f.stage = 'assign';
      f.sub = 5;
      f.fired = [];
      f.shots = [];
      f.attacked = {};
      ctx.push('naval-combat-noop');
      return;
    }
    if (f.stage === 'assign') {
      resolveShots(ctx, f);
      if (f.round === 1 && f.sub > 0) {
        f.sub--;
        ctx.push('naval-combat-noop');
        return;
      }
      const aLeft = inBattle(s, f, f.a.side).length;
      const bLeft = inBattle(s, f, f.b.side).length;
      if (f.round === 2 || aLeft === 0 || bLeft === 0) {
        ctx.log('The naval combat ends', f.round === 2 ? 'ETO 9.3 (two rounds at most)' : 'ETO 9.3');
        ctx.pop({ withdrawn: f.withdrawn });
        return;
      }
      f.stage = f.noWithdrawal ? 'holdout' : 'withdraw';
      if (f.noWithdrawal) {
        f.round = 2;
        f.held = [];
        delete f['holdDone:axis'];
        delete f['holdDone:allies'];
      }
      ctx.push('naval-combat-noop');
      return;
    }
    if (f.stage === 'withdraw') {
      ctx.push('naval-withdrawal');
      return;
    }
    if (f.stage === 'done' || f.stage === 'pursue') {
      ctx.pop({ withdrawn: f.withdrawn });
    }
  },
  act(ctx, f, seat, a: NavalCombatAction) {
    const side = seat as Side;
    if (a.type === 'hold-out') f.held.push(a.ship);
    else if (a.type === 'commit') f[`holdDone:${side}`] = true;
    else if (a.type === 'fire') f.shots.push({ ship: a.ship, target: a.target });
    else if (a.type === 'hold-fire') f.fired.push(a.ship);
    else if (a.type === 'pursue' || a.type === 'let-go') {
      if (a.type === 'let-go') {
        ctx.log('The remaining ships let the withdrawing force go', 'ETO 9.6');
        f.withdrawn = [...f.withdrawn, ...inBattle(ctx.state, f, side === 'axis' ? 'allies' : 'axis')];
        ctx.pop({ withdrawn: f.withdrawn });
        return;
      }
      startRound2(f);
    }
  },
};

function startRound2(f: CombatFrame): void {
  f.round = 2;
  f.stage = 'holdout';
  f.held = [];
  delete f['holdDone:axis'];
  delete f['holdDone:allies'];
}

/** Roll every declared shot, then apply the hits together (9.3: simultaneous within a sub-round / round 2). */
function resolveShots(ctx: Ctx<EtoState>, f: CombatFrame): void {
  const s = ctx.state;
  const hits: { target: string; sinks: boolean }[] = [];
  for (const shot of f.shots) {
    const sh = s.ships[shot.ship]!;
    const t = s.ships[shot.target]!;
    // 11.4: a submarine's gunnery counts only against named ships.
    const g = sh.type === 'SS' && !t.named ? 0 : ratings(sh).gunnery ?? 0;
    const armor = ratings(t).armor;
    const d = ctx.roll(6, 2, `${sh.name} (gunnery ${g}) fires at ${t.name} (armor ${armor})`, f.round === 1 ? 'ETO 9.2' : 'ETO 9.3');
    const r = gunneryResult(d.faces[0]!, d.faces[1]!, g, armor);
    ctx.log(`${d.total} + ${g} = ${d.total + g} against armor ${armor}: ${r.hit ? (r.sinks ? 'hit with doubles' : 'hit') : 'miss'}`, 'ETO 9.2, 9.5');
    if (r.hit) hits.push({ target: shot.target, sinks: r.sinks });
    f.attacked[shot.target] = (f.attacked[shot.target] ?? 0) + 1;
    f.fired.push(shot.ship);
  }
  f.shots = [];
  for (const h of hits) applyHit(ctx, h.target, h.sinks, 'ETO 9.5');
}

interface WithdrawFrame extends Frame {
  depth: number;
}

/** 9.6: both sides choose secretly; the kernel seals the answers until both have chosen. */
export const navalWithdrawal: Procedure<EtoState, WithdrawFrame> = {
  simultaneous: true,
  prompts(s) {
    const f = combatBelow(s);
    return bothSides(f).map((side) => ({
      seat: side, rule: 'ETO 9.6', kind: 'withdraw',
      text: 'Secretly choose the units that withdraw (none, all, or at most half)',
      choices: choicesOf(withdrawalOptions(s, f, side), (a) => {
        const list = a.ships;
        return list.length === 0 ? 'Withdraw none' : `Withdraw ${list.map((id) => shipName(s, id)).join(', ')}`;
      }, (a) => (a.ships.length ? { units: a.ships } : undefined)),
    }));
  },
  actAll(ctx, _w, answers) {
    const s = ctx.state;
    const f = combatBelow(s);
    const chosen: Record<string, string[]> = {};
    for (const side of bothSides(f)) chosen[side] = (answers[side]!.ships as string[]) ?? [];
    const all = (side: Side) => chosen[side]!.length > 0 && chosen[side]!.length === inBattle(s, f, side).length;
    for (const side of bothSides(f)) {
      if (chosen[side]!.length) ctx.log(`${side} withdraws ${chosen[side]!.map((id) => s.ships[id]!.name).join(', ')}`, 'ETO 9.6');
    }
    const aAll = all(f.a.side);
    const bAll = all(f.b.side);
    ctx.pop();
    if (aAll && bAll) {
      f.withdrawn.push(...chosen[f.a.side]!, ...chosen[f.b.side]!);
      f.stage = 'done';
      return;
    }
    const subs = (side: Side) => inBattle(s, f, side).every((id) => s.ships[id]!.type === 'SS');
    if ((aAll && subs(f.a.side)) || (bAll && subs(f.b.side))) {
      // 11.2: a submarine that withdraws after the first round is not pursued
      f.withdrawn.push(...chosen[f.a.side]!, ...chosen[f.b.side]!);
      ctx.log('The submarine withdraws; it cannot be pursued', 'ETO 11.2');
      f.stage = 'done';
      return;
    }
    if (aAll || bAll) {
      // one side withdrew entirely: the other may fight round 2 against the whole withdrawing force
      const stayer = aAll ? f.b.side : f.a.side;
      f.withdrawn.push(...chosen[stayer]!);
      f.pursuer = stayer;
      f.stage = 'pursue';
      return;
    }
    f.withdrawn.push(...chosen[f.a.side]!, ...chosen[f.b.side]!);
    startRound2(f);
  },
};

function combatBelow(s: EtoState): CombatFrame {
  for (let i = s.stack.length - 1; i >= 0; i--) if (s.stack[i]!.proc === 'naval-combat') return s.stack[i] as CombatFrame;
  throw new Error('ETO 9.6: withdrawal outside a naval combat');
}

/** A no-op step that returns at once; used so `run` changes the stack while advancing the combat's own stages. */
export const navalCombatNoop: Procedure<EtoState> = {
  run(ctx) {
    ctx.pop();
  },
};

/** Start a naval combat between the finding group `a` and the intercepted stack `b` (9.0-9.1). */
export function pushNavalCombat(ctx: Ctx<EtoState>, a: CombatFrame['a'], b: CombatFrame['b'], noWithdrawal = false): void {
  const frame: Omit<CombatFrame, 'proc'> = {
    a, b, stage: 'air-a', round: 1, sub: 5, held: [], fired: [], shots: [], attacked: {}, withdrawn: [],
  };
  if (noWithdrawal) frame.noWithdrawal = true;
  ctx.push('naval-combat', frame as unknown as Omit<Frame, 'proc'>);
}
