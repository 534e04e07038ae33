// 2WW 9 for the AI: which attack to declare, with which units, whether to confirm it and when to end the combat
// phase, from the exact odds of the rule set's own combat code (src/odds). Soviet units fight apart (12.4.3), so an
// Allied attack is planned either Soviet-only or without Soviet units, whichever is stronger.
import {
  allChoices, applyAction, createRng, prompts, stateHash, type Action, type Json, type Prompt,
} from '../../../engine/index.ts';
import { combatOdds } from '../../../odds/odds.ts';
import { OddsLimitError } from '../../../odds/enumerate.ts';
import { twoWWOdds } from '../odds.ts';
import { twoWW } from '../index.ts';
import { combatWorld } from '../combat/index.ts';
import { eligibleLandAttackers, eligibleSupport } from '../combat/combat-phase.ts';
import { landUnitsIn } from '../combat/land-combat.ts';
import type { Side, TwoWWState } from '../state.ts';
import { unitDef, unitEntries, worldOf } from '../world.ts';
import { untimelyEntry } from './invasions.ts';

/** How an attack is expected to go, for the side attacking. */
export interface AttackEstimate {
  pWin: number;
  /** Expected steps lost by the attacker and by the defender. */
  lossA: number;
  lossD: number;
  /** 'exact': every roll enumerated; 'sampled': seeded runs of the rules when the enumeration is too large. */
  method: 'exact' | 'sampled';
  /** Units declared (attackers and support). */
  units: string[];
}

/** Runs of the rules an exact enumeration may take (a combat without support battle needs 140-180). */
export const EXACT_APPLIES = 300;
/** Seeded runs of the rules that estimate a combat too large to enumerate (2 support rolls and 2 land rolls). */
export const SAMPLES = 24;
/** Attacks whose odds are computed per decision: the best by strength ratio (each costs 0.1-0.5 s in a campaign). */
export const ODDS_CANDIDATES = 3;
/** Below this strength ratio (1 to 3) an attack is not worth computing its odds. */
const MIN_RATIO = 0.34;

const other = (s: string): Side => (s === 'axis' ? 'allies' : 'axis');

interface DeclareView { proc: string; side: Side; mode?: string; step?: string; hex: string; attackers: string[]; support: string[] }

function top(s: TwoWWState): DeclareView | undefined {
  return s.stack[s.stack.length - 1] as unknown as DeclareView | undefined;
}

function factor(s: TwoWWState, id: string): number {
  const u = s.units[id];
  if (!u) return 0;
  const d = unitDef(s, id);
  return (u.reduced || !d.full ? d.reduced : d.full).combat;
}

const isSoviet = (s: TwoWWState, id: string) => combatWorld(s).facts(s, id).power === 'su';

/**
 * The units the AI attacks `hex` with: every eligible land attacker and support unit (2WW 9.1.1, 9.1.2), for the
 * Allies only one camp of 12.4.3 (Soviet or Western), the one already chosen, else the stronger with a land attacker.
 */
export function attackGroup(s: TwoWWState, side: Side, hex: string, chosen: string[] = []): { attackers: string[]; support: string[] } {
  const attackers = eligibleLandAttackers(s, side, hex), support = eligibleSupport(s, side, hex, true);
  if (side !== 'allies') return { attackers, support };
  const camp = (soviet: boolean) => ({
    attackers: attackers.filter((id) => isSoviet(s, id) === soviet), support: support.filter((id) => isSoviet(s, id) === soviet),
  });
  const su = camp(true), west = camp(false);
  if (chosen.length) return isSoviet(s, chosen[0]!) ? su : west;
  const strength = (g: { attackers: string[]; support: string[] }) =>
    g.attackers.length ? [...g.attackers, ...g.support].reduce((a, id) => a + factor(s, id), 0) : -1;
  return strength(su) > strength(west) ? su : west;
}

/** What the AI risks for an own capital (2WW 5.3.2: its fall conquers the power; Berlin's loses the game, 13). */
interface CapitalPolicy {
  /**
   * Odds the whole attack must reach for the capital's last land unit to join it (a beaten attacker retreats out of its
   * hex and the winner may advance in, 2WW 9); Infinity: never.
   */
  lastUnitOdds: number;
  /** The last unit stays even when the attack is then not worth making (else the attack goes in with it). */
  holdsWhenAttackDropped: boolean;
  /** Odds at which an attack retakes the capital when its loss would conquer the power at the turn's end. */
  retakeOdds: number;
}

/** Every other capital: its last unit joins an attack at 90%, or stays when the attack is worth making without it. */
const CAPITAL_POLICY: CapitalPolicy = { lastUnitOdds: 0.9, holdsWhenAttackDropped: false, retakeOdds: 0.25 };

/**
 * The capitals with a policy of their own, by power, when held by its own side. Berlin: its last unit never attacks
 * (in bench-hard-easy-axis-9, Summer 1942, the whole garrison attacked the Soviet tank next to it at 92%, lost, and
 * the tank advanced into Berlin). London: its last unit attacks only at 90%, the attack dropped if need be (in three
 * of the four games the hard Allies lost to easy at main 511dddd Britain was conquered; in two London's only armor
 * attacked a German paratroop next to it at 67-68%, lost, retreated and the paratroop advanced in).
 */
const CAPITAL_POLICIES: Record<string, { side: Side; policy: CapitalPolicy }> = {
  ge: { side: 'axis', policy: { ...CAPITAL_POLICY, lastUnitOdds: Infinity, holdsWhenAttackDropped: true } },
  gb: { side: 'allies', policy: { ...CAPITAL_POLICY, holdsWhenAttackDropped: true } },
};

/** The policy for `power`'s capital held by `side`. */
function capitalPolicy(power: string, side: Side): CapitalPolicy {
  const own = CAPITAL_POLICIES[power];
  return own && own.side === side ? own.policy : CAPITAL_POLICY;
}

/**
 * Attackers less one land unit of each own capital they would all leave: a beaten attacker retreats out of its hex
 * and the winner may advance into it (2WW 9), and a capital's fall conquers its power (5.3.2; in a lost hard Axis
 * game both armor in Berlin attacked out of it, lost, and a Soviet infantry advanced in). The weakest stays. `policy`:
 * the strictest of those capitals' (CAPITAL_POLICIES), null when none is emptied.
 */
function keepCapitalsHeld(s: TwoWWState, side: Side, attackers: string[], chosen: string[]): { attackers: string[]; policy: CapitalPolicy | null } {
  const w = worldOf(s);
  const attacking = new Set(attackers);
  let out = attackers, policy: CapitalPolicy | null = null;
  for (const h of new Set(attackers.map((id) => s.units[id]!.where))) {
    const n = w.board.find(h);
    const capital = n === undefined || n < 0 ? undefined : w.hexes[n]?.capitalOf;
    if (!capital || s.control[h] !== side) continue;
    const here = landUnitsIn(s, h, side);
    if (here.some((id) => !attacking.has(id))) continue;
    const stay = here.filter((id) => !chosen.includes(id)).sort((a, b) => factor(s, a) - factor(s, b) || (a < b ? -1 : 1))[0];
    if (!stay) continue;
    out = out.filter((id) => id !== stay);
    const p = capitalPolicy(capital, side);
    policy = !policy ? p : {
      lastUnitOdds: Math.max(policy.lastUnitOdds, p.lastUnitOdds),
      holdsWhenAttackDropped: policy.holdsWhenAttackDropped || p.holdsWhenAttackDropped,
      retakeOdds: Math.max(policy.retakeOdds, p.retakeOdds),
    };
  }
  return { attackers: out, policy };
}

/** Attack strength of the group against the defending land units (2WW 9.1.1), for ranking before the odds. */
export function groupRatio(s: TwoWWState, side: Side, hex: string): number {
  const g = attackGroup(s, side, hex);
  const def = landUnitsIn(s, hex, other(side)).reduce((a, id) => a + factor(s, id), 0);
  const att = [...g.attackers, ...g.support].reduce((a, id) => a + factor(s, id), 0);
  return def > 0 ? att / def : att > 0 ? 99 : 0;
}

/**
 * The units the AI attacks `hex` with, sized by exact odds: the whole group of `attackGroup` unless a smaller one
 * wins about as surely — units that could join another attack this phase (or support one) are held back, land units
 * before support and the strongest first, while the attack keeps at least 80% to win (and, for support, loses at most
 * 5 points of it: 2WW 9, each unit attacks once a phase). Memoised by position with the estimates.
 */
export function plannedGroup(s: TwoWWState, side: Side, hex: string, chosen: string[] = []): { attackers: string[]; support: string[] } {
  const full = attackGroup(s, side, hex, chosen);
  const phase = phaseBefore(s);
  if (phase) {
    // Mid-declaration: the group the phase's choice judged (rankAttacks), planned again on the position the
    // declaration began in, which the state keeps beneath it.
    const planned = plannedGroup(phase, side, hex);
    if (chosen.every((id) => planned.attackers.includes(id) || planned.support.includes(id))) return planned;
    // Units chosen outside that plan (a player's own start): what is chosen already wins surely enough, the units
    // that could attack elsewhere stay out.
    const p = prompts(twoWW, s)[0];
    const elsewhere = new Set(otherAttackUnits(s, side, hex));
    const keep = (ids: string[]) => ids.filter((id) => chosen.includes(id) || !elsewhere.has(id));
    if (chosen.length && p?.choices.some((c) => c.action.type === 'confirm')) {
      const e = estimateAttack(s, side);
      if (e.pWin >= 0.8 && acceptable(e)) return { attackers: keep(full.attackers), support: keep(full.support) };
    }
    // Support and the land units wanted nowhere else join first; the others only if the odds still need them.
    const first = { attackers: keep(full.attackers), support: full.support };
    return [...first.attackers, ...first.support].some((id) => !chosen.includes(id)) ? first : full;
  }
  const key = `${stateHash({ ...s, rng: null, seq: 0 })}|${side}|${hex}`;
  const hit = groupCache.get(key);
  if (hit) return hit;
  let best = full;
  const d = declaredAttack(s, side, hex, full);
  const e = d ? estimateAttack(d, side) : null;
  const held = keepCapitalsHeld(s, side, full.attackers, chosen);
  if (held.policy && !(e && e.pWin >= held.policy.lastUnitOdds)) {
    // A capital's last land unit stays when the attack is still worth making without it, unless the attack reaches
    // the capital's odds (CAPITAL_POLICIES: London's and Berlin's stay even when the attack is then not worth making,
    // Berlin's whatever the odds, its fall losing the game, 2WW 13).
    const trial = { attackers: held.attackers, support: full.support };
    const dt = trial.attackers.length ? declaredAttack(s, side, hex, trial) : null;
    const et = dt ? estimateAttack(dt, side) : null;
    if ((et && acceptable(et)) || held.policy.holdsWhenAttackDropped) best = trial;
  }
  if (best === full && e && e.pWin >= 0.85) {
    const elsewhere = new Set(otherAttackUnits(s, side, hex));
    // Land units first (each makes another attack possible; support only helps one), the strongest first.
    const land = new Set(full.attackers);
    const spare = [...full.support, ...full.attackers].filter((id) => elsewhere.has(id))
      .sort((a, b) => Number(land.has(b)) - Number(land.has(a)) || factor(s, b) - factor(s, a) || (a < b ? -1 : 1));
    for (const id of spare.slice(0, 3)) {
      const trial = { attackers: best.attackers.filter((x) => x !== id), support: best.support.filter((x) => x !== id) };
      if (!trial.attackers.length) continue;
      const dt = declaredAttack(s, side, hex, trial);
      const et = dt ? estimateAttack(dt, side) : null;
      // A land unit held back makes another attack possible: worth down to 80%; support only saves losses elsewhere.
      // A group that empties a capital did so on the whole group's odds: never below the capital's (in a lost hard
      // Axis game the attack out of Berlin was cut from 90% to 82% by holding back an armor, lost, and Germany fell).
      const floor = held.policy ? held.policy.lastUnitOdds : 0.8;
      if (et && et.pWin >= floor && (land.has(id) || et.pWin >= e.pWin - 0.05) && acceptable(et)) best = trial;
    }
  }
  if (groupCache.size > 300) groupCache.clear();
  groupCache.set(key, best);
  return best;
}

const groupCache = new Map<string, { attackers: string[]; support: string[] }>();

/**
 * The combat phase's position a land attack's declaration began in: the state without its 'combat-declare' frame
 * (declaring changes nothing else until the attack is confirmed: adds only fill the frame, a cancel pops it, 2WW 9).
 * Undefined when no land attack is being declared.
 */
export function phaseBefore(s: TwoWWState): TwoWWState | undefined {
  const f = top(s);
  if (f?.proc !== 'combat-declare' || f.mode !== 'land' || f.step === 'defend') return undefined;
  if ((s.stack[s.stack.length - 2] as unknown as DeclareView | undefined)?.proc !== 'combat-phase') return undefined;
  return { ...s, stack: s.stack.slice(0, -1) };
}

/** Units able to attack or support another attack offered this phase (not on `hex`). */
function otherAttackUnits(s: TwoWWState, side: Side, hex: string): string[] {
  const enemy = other(side);
  const targets = new Set<string>();
  for (const [id, u] of unitEntries(s)) {
    if (u.where !== hex && combatWorld(s).sideOf(s, id) === enemy && landUnitsIn(s, u.where, enemy).length) targets.add(u.where);
  }
  const out = new Set<string>();
  for (const t of targets) {
    for (const id of eligibleLandAttackers(s, side, t)) out.add(id);
    for (const id of eligibleSupport(s, side, t, true)) out.add(id);
  }
  return [...out];
}

/** In 'combat-declare' (land): the next unit of the planned group to add, or null when the group is complete. */
export function nextDeclareAdd(s: TwoWWState, prompt: Prompt, group?: { attackers: string[]; support: string[] }): Action | null {
  const f = top(s)!;
  const g = group ?? plannedGroup(s, f.side, f.hex, [...f.attackers, ...f.support]);
  const want = new Set([...g.attackers, ...g.support]);
  return prompt.choices.find((c) => c.action.type === 'add' && want.has(c.action.unit as string))?.action ?? null;
}

/**
 * The state once `side` has declared the land attack on `hex` with `group` (default: the planned one), or null if it
 * cannot confirm.
 */
export function declaredAttack(s: TwoWWState, side: Side, hex: string, group?: { attackers: string[]; support: string[] }): TwoWWState | null {
  const g = group ?? plannedGroup(s, side, hex);
  let st = applyAction(twoWW, s, side, { type: 'attack', mode: 'land', hex }).state;
  for (let i = 0; i < 64; i++) {
    const p = prompts(twoWW, st)[0];
    if (!p || p.seat !== side || top(st)?.proc !== 'combat-declare') return null;
    const add = nextDeclareAdd(st, p, g);
    if (!add) return p.choices.some((c) => c.action.type === 'confirm') ? st : null;
    st = applyAction(twoWW, st, side, add).state;
  }
  return null;
}

const cache = new Map<string, AttackEstimate>();

/**
 * Odds of confirming the declared attack on top of `s`: exact (src/odds, every roll through the rules) within
 * EXACT_APPLIES runs, else the mean of SAMPLES seeded runs of the same rules and policies. Memoised by position.
 */
export function estimateAttack(s: TwoWWState, seat: Side): AttackEstimate {
  const key = stateHash({ ...s, rng: null, seq: 0 });
  const hit = cache.get(key);
  if (hit) return hit;
  const f = top(s)!;
  const units = [...f.attackers, ...f.support];
  let est: AttackEstimate;
  try {
    const r = combatOdds({ ruleset: twoWW, odds: twoWWOdds }, s, seat, { type: 'confirm' }, { maxApplies: EXACT_APPLIES });
    est = { pWin: r.summary.pWin, lossA: r.summary.expectedAttackerLosses, lossD: r.summary.expectedDefenderLosses, method: 'exact', units };
  } catch (e) {
    if (!(e instanceof OddsLimitError)) throw e;
    est = { ...sampleAttack(s, seat), units };
  }
  if (cache.size > 500) cache.clear();
  cache.set(key, est);
  return est;
}

/** Mean result of SAMPLES runs of the combat with seeded dice, decisions as in the exact odds (twoWWOdds). */
function sampleAttack(s: TwoWWState, seat: Side): Omit<AttackEstimate, 'units'> {
  const a = twoWWOdds;
  return a.scope!(() => {
    let win = 0, lossA = 0, lossD = 0;
    for (let i = 0; i < SAMPLES; i++) {
      let notes: Record<string, Json> = {};
      let r = applyAction(twoWW, { ...s, rng: createRng(`ai-odds-sample|${i}`) }, seat, { type: 'confirm' });
      for (let n = 0; ; n++) {
        notes = { ...notes, ...a.notes!(r.events, r.state) };
        if (r.state.outcome || a.combatOver(s, r.state, seat) || n > 200) break;
        const p = prompts(twoWW, r.state)[0]!;
        r = applyAction(twoWW, r.state, p.seat, a.defaultChoice!(r.state, p) ?? p.choices[0]!.action);
      }
      const res = a.summarize(s, r.state, seat, notes);
      if (res.winner === 'attacker') win++;
      lossA += res.attackerLosses;
      lossD += res.defenderLosses;
    }
    return { pWin: win / SAMPLES, lossA: lossA / SAMPLES, lossD: lossD / SAMPLES, method: 'sampled' as const };
  });
}

/** Worth confirming: likely won (2WW 9: fewer losses wins, the loser retreats), or even and costlier to the defender. */
export function acceptable(e: AttackEstimate): boolean {
  return e.pWin >= 0.6 || (e.pWin >= 0.5 && e.lossD >= e.lossA + 0.5);
}

/** Capital hexes by power, per world (static data). */
const capitalsByWorld = new WeakMap<object, Map<string, string[]>>();

/**
 * Is `hex` a capital of a power on `side`'s side (not conquered) that the enemy holds, with every other capital of
 * that power held by the enemy too? The power is conquered at the end of the game turn unless a capital is retaken
 * (2WW 5.3.2): in `bench-hard-easy-allies-5` a German paratroop dropped into the empty London and the British armor
 * next to it did not attack (54% to win: under `acceptable`), and Britain fell.
 */
export function retakesCapital(s: TwoWWState, side: Side, hex: string): boolean {
  return retakeOdds(s, side, hex) !== null;
}

/** The odds at which an attack on `hex` goes in to retake it (`retakesCapital`, the capital's policy), else null. */
function retakeOdds(s: TwoWWState, side: Side, hex: string): number | null {
  const w = worldOf(s);
  const n = w.board.find(hex);
  const power = n === undefined || n < 0 ? undefined : w.hexes[n]?.capitalOf;
  if (!power || s.control[hex] !== other(side)) return null;
  const c = s.countries[power];
  if (!c || c.controller !== side || c.status === 'conquered') return null;
  let caps = capitalsByWorld.get(w);
  if (!caps) {
    caps = new Map();
    for (const h of w.hexes) if (h?.capitalOf) caps.set(h.capitalOf, [...(caps.get(h.capitalOf) ?? []), h.id]);
    capitalsByWorld.set(w, caps);
  }
  return (caps.get(power) ?? []).every((id) => s.control[id] === other(side)) ? capitalPolicy(power, side).retakeOdds : null;
}

/**
 * Worth making: `acceptable`, or it retakes a capital whose loss would conquer the power at the turn's end (2WW 5.3.2:
 * not attacking loses it surely) at the capital's retake odds.
 */
export function worthAttacking(s: TwoWWState, side: Side, hex: string, e: AttackEstimate): boolean {
  const r = retakeOdds(s, side, hex);
  return acceptable(e) || (r !== null && e.pWin >= r);
}

function score(e: AttackEstimate): number {
  return e.pWin + 0.1 * (e.lossD - e.lossA);
}

export interface AttackPlan {
  hex: string;
  ratio: number;
  est: AttackEstimate | null;
}

/**
 * The land attacks worth their odds here, best first: the ODDS_CANDIDATES best by strength ratio get their odds;
 * with `forced` (no end of phase offered) every offered attack counts, however poor.
 */
export function rankAttacks(s: TwoWWState, side: Side, prompt: Prompt, forced: boolean): AttackPlan[] {
  // The choice and its explanation ask twice; declaring the candidates runs the rules a few times each.
  const key = `${stateHash({ ...s, rng: null, seq: 0 })}|${side}|${forced}`;
  const hit = rankCache.get(key);
  if (hit) return hit;
  const ranked = rankUncached(s, side, prompt, forced);
  if (rankCache.size > 200) rankCache.clear();
  rankCache.set(key, ranked);
  return ranked;
}

const rankCache = new Map<string, AttackPlan[]>();

function rankUncached(s: TwoWWState, side: Side, prompt: Prompt, forced: boolean): AttackPlan[] {
  // The combat prompt's attacks are in its groups, one per hex (a structured prompt).
  const plans: AttackPlan[] = allChoices(twoWW, s, prompt)
    // An attack on a neutral's army invades its country (2WW 5.3.1, ruling M9): only when the invasion is due. In
    // bench-hard-easy-axis-0 the Bulgarian infantry attacked Yugoslavia's in Spring 1940; it retreated next to the
    // empty Rome, walked in and conquered Italy.
    .filter((c) => c.action.type === 'attack' && c.action.mode === 'land' && !untimelyEntry(s, side, c.action.hex))
    .map((c) => ({ hex: c.action.hex as string, ratio: groupRatio(s, side, c.action.hex as string), est: null as AttackEstimate | null }))
    .sort((a, b) => b.ratio - a.ratio || (a.hex < b.hex ? -1 : 1));
  const out: AttackPlan[] = [];
  for (const p of plans) {
    // An own capital to retake (retakesCapital) always gets its odds.
    if ((out.length >= ODDS_CANDIDATES || (!forced && p.ratio < MIN_RATIO)) && !retakesCapital(s, side, p.hex)) continue;
    const d = declaredAttack(s, side, p.hex);
    if (!d) continue;
    p.est = estimateAttack(d, side);
    out.push(p);
  }
  // A capital to retake first: the power is lost at the turn's end otherwise (2WW 5.3.2).
  const retake = (p: AttackPlan) => {
    const r = retakeOdds(s, side, p.hex);
    return Number(r !== null && p.est!.pWin >= r);
  };
  return out.sort((a, b) => retake(b) - retake(a) || score(b.est!) - score(a.est!) || (a.hex < b.hex ? -1 : 1));
}

/** "83% to win, expected losses 1.2 to 2.1" (with the method when not exact). */
export function describeEstimate(e: AttackEstimate): string {
  return `${Math.round(e.pWin * 100)}% to win, expected losses ${e.lossA.toFixed(1)} to ${e.lossD.toFixed(1)}` +
    (e.method === 'exact' ? '' : ` (estimated from ${SAMPLES} seeded runs of the rules: too many dice to enumerate)`);
}
