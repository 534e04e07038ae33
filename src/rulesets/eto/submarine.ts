// ETO 11.3-11.4: the combat of a submarine that has intercepted a stack. Escorts (DDs; no scenario here has DEs) may
// detect it first; it attacks once, twice against an unescorted stack, then withdraws unpursued or fights a second
// round in which it attacks once more while every escort fires at it. Only escorts ever fire at a submarine.
import type { Ctx, Frame, Procedure } from '../../engine/index.ts';
import type { SubmarineAction } from './actions.ts';
import { applyHit, gunneryResult } from './naval-combat.ts';
import { alive, type EtoState, ratings, type Side } from './state.ts';

export interface SubmarineFrame extends Frame {
  side: Side;
  sub: string;
  /** The intercepted stack. */
  target: string[];
  stage: 'detect' | 'attack' | 'decide';
  round: 1 | 2;
  /** Attacks the submarine still makes in this stage. */
  left: number;
  /** No escort: the combat ends after the submarine's attacks (11.3). */
  unescorted: boolean;
}

/** 11.3: the units that fire at a submarine (DDs and DEs). */
export const escortsOf = (s: EtoState, ids: readonly string[]): string[] => alive(s, ids).filter((id) => s.ships[id]!.type === 'DD');

/** 11.4: a submarine's gunnery counts against named ships only. */
const subGunnery = (s: EtoState, sub: string, target: string): number => (s.ships[target]!.named ? ratings(s.ships[sub]!).gunnery ?? 0 : 0);

function rollShot(ctx: Ctx<EtoState>, ship: string, target: string, gunnery: number, rule: string): { hit: boolean; sinks: boolean } {
  const s = ctx.state;
  const armor = ratings(s.ships[target]!).armor;
  const d = ctx.roll(6, 2, `${s.ships[ship]!.name} (gunnery ${gunnery}) fires at ${s.ships[target]!.name} (armor ${armor})`, rule);
  const r = gunneryResult(d.faces[0]!, d.faces[1]!, gunnery, armor);
  ctx.log(`${d.total} + ${gunnery} = ${d.total + gunnery} against armor ${armor}: ${r.hit ? (r.sinks ? 'hit with doubles' : 'hit') : 'miss'}`, 'ETO 9.2, 9.5');
  return r;
}

/** Every escort fires once at the submarine; the hits are returned, not applied (round 2 is simultaneous). */
function escortsFire(ctx: Ctx<EtoState>, f: SubmarineFrame): boolean {
  let hit = false;
  for (const dd of escortsOf(ctx.state, f.target)) hit = rollShot(ctx, dd, f.sub, ratings(ctx.state.ships[dd]!).gunnery ?? 0, 'ETO 11.3').hit || hit;
  return hit;
}

/** Start the combat of submarine `sub` of `side` against the stack it found (instead of 9.0's). */
export function pushSubmarineCombat(ctx: Ctx<EtoState>, side: Side, sub: string, target: string[]): void {
  const frame: Omit<SubmarineFrame, 'proc'> = { side, sub, target: alive(ctx.state, target), stage: 'detect', round: 1, left: 1, unescorted: false };
  ctx.push('submarine-combat', frame as unknown as Omit<Frame, 'proc'>);
}

export const submarineCombat: Procedure<EtoState, SubmarineFrame> = {
  prompts(s, f) {
    const name = s.ships[f.sub]!.name;
    if (f.stage === 'attack') {
      return [{
        seat: f.side, rule: 'ETO 11.3', kind: 'naval-fire',
        text: `${name}: ${f.left} attack(s)${f.round === 2 ? ' in round 2, while the escorts fire at it' : ''}; choose a ship or STP marker`,
        choices: alive(s, f.target).map((t) => ({
          action: { type: 'sub-attack', target: t },
          label: `${name} attacks ${s.ships[t]!.name}${s.ships[t]!.damaged ? ' (damaged)' : ''} (gunnery ${subGunnery(s, f.sub, t)})`,
          refs: { units: [f.sub], targets: [t] },
        })),
      }];
    }
    if (f.stage === 'decide') {
      return [{
        seat: f.side, rule: 'ETO 11.3', kind: 'yes-no',
        text: `${name} has attacked: withdraw (no pursuit) or fight a second round against the escorts?`,
        choices: [
          { action: { type: 'sub-withdraw' }, label: 'Withdraw', refs: { units: [f.sub] } },
          { action: { type: 'sub-fight' }, label: 'Fight a second round', refs: { units: [f.sub] } },
        ],
      }];
    }
    return [];
  },
  run(ctx, f) {
    const s = ctx.state;
    if (f.stage !== 'detect') { ctx.pop(); return; }
    const escorts = escortsOf(s, f.target);
    f.stage = 'attack';
    if (!escorts.length) {
      f.unescorted = true;
      f.left = 2;
      ctx.log(`No destroyer escorts the stack: ${s.ships[f.sub]!.name} attacks it twice`, 'ETO 11.3');
      ctx.push('naval-combat-noop'); // the stage changed: the kernel asks for the attacks
      return;
    }
    const d = ctx.roll(6, 1, `Detection of ${s.ships[f.sub]!.name} by ${escorts.length} escort(s): ${escorts.length} or less detects it`, 'ETO 11.3');
    if (d.total > escorts.length) ctx.log(`${d.total}: not detected before its first attack`, 'ETO 11.3');
    else {
      ctx.log(`${d.total}: detected; the escorts attack first`, 'ETO 11.3');
      if (escortsFire(ctx, f)) { applyHit(ctx, f.sub, true, 'ETO 11.0'); ctx.pop(); return; }
    }
    ctx.push('naval-combat-noop');
  },
  act(ctx, f, _seat, a: SubmarineAction) {
    const s = ctx.state;
    if (a.type === 'sub-withdraw') {
      ctx.log(`${s.ships[f.sub]!.name} withdraws; it cannot be pursued`, 'ETO 11.3');
      ctx.pop({ withdrawn: [f.sub] });
      return;
    }
    if (a.type === 'sub-fight') { f.round = 2; f.left = 1; f.stage = 'attack'; return; }
    const r = rollShot(ctx, f.sub, a.target, subGunnery(s, f.sub, a.target), 'ETO 11.3, 11.4');
    // Round 2: the escorts fire at the same time; every hit is applied after all the rolls.
    const subHit = f.round === 2 && escortsFire(ctx, f);
    if (r.hit) applyHit(ctx, a.target, r.sinks, 'ETO 11.3');
    if (subHit) applyHit(ctx, f.sub, true, 'ETO 11.0');
    f.left--;
    if (f.left > 0 && alive(s, f.target).length) return;
    if (f.round === 2 || f.unescorted || s.ships[f.sub]!.sunk || !alive(s, f.target).length) {
      ctx.log('The submarine combat ends', 'ETO 11.3');
      ctx.pop();
      return;
    }
    f.stage = 'decide';
  },
};
