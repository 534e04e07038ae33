// ETO sequence of play: the monthly turn (1 Weather, 2 Strategic Warfare, 3 Naval and Air, 4 Offensive, 5 Movement,
// 6 End), each phase a procedure named after its section. A scenario plays the phases its data lists, over its turns
// (data/scenario-*.json "play"); its set-up comes first, its victory after the last phase of its last turn.
import { type Ctx, type Frame, type Json, type Procedure, write } from '../../engine/index.ts';
import { playOf } from './data/index.ts';
import { SCENARIOS } from './scenarios.ts';
import { type EtoState, otherSide } from './state.ts';

export interface MonthlyTurnFrame extends Frame {
  /** Index of the scenario's turn being played. */
  turn: number;
  /** Index of the next step of the turn (steps: the phases played, one per side where each side has its own). */
  step: number;
}

/** The frames a turn of the scenario pushes, in order. */
function turnSteps(s: EtoState, turn: number): Frame[] {
  const play = playOf(s.scenario);
  const first = s.initiative;
  const last = turn === play.turns.length - 1;
  const out: Frame[] = [];
  for (const phase of play.phases) {
    if (phase === 'weather') out.push({ proc: 'weather-phase' });
    else if (phase === 'naval-and-air') out.push({ proc: 'naval-and-air-phase', next: 0 });
    else if (phase === 'offensive') out.push({ proc: 'offensive-phase', next: first, passes: 0 });
    // 5: the side with the initiative moves first.
    else if (phase === 'movement') out.push({ proc: 'movement-phase', side: first, moved: [] }, { proc: 'movement-phase', side: otherSide(first), moved: [] });
    else if (phase === 'end') out.push({ proc: 'end-phase', step: 0, last });
  }
  return out;
}

/** The first frames of a game: the monthly turn under the set-up of each side, the first to set up on top. */
export function openingStack(scenario: string): Frame[] {
  const play = playOf(scenario);
  return [{ proc: 'monthly-turn', turn: 0, step: 0 }, ...[...play.setUp].reverse().map((side) => ({ proc: 'set-up', side }))];
}

/** A new month: its date and weather from the turn record, the OFF tracks a scenario sets instead of a seasonal turn. */
function startTurn(ctx: Ctx<EtoState>, turn: number): void {
  const s = ctx.state;
  const t = playOf(s.scenario).turns[turn]!;
  s.month = t.month;
  s.year = t.year;
  s.weather = t.weather;
  if (t.offensives && s.land) write(s, 'land').offensives = { ...t.offensives };
  // Turn-long effects end: the blitzkrieg bonus (44.1), the per-turn offensive count, pilot recovery's eligibility (34.3).
  if (s.land) {
    write(s, 'land').blitz = [];
    if (s.land.offensivesUsed) write(s, 'land').offensivesUsed = {};
    if (s.land.pilots) write(s, 'land').pilots = [];
    // 10.6, 18.5, 19.4, 32.7: one assault per hex, ATPs' single use, paratroops held where they dropped, landed units supplied.
    for (const k of ['atpUsed', 'assaulted', 'dropped'] as const) if (s.land[k]) write(s, 'land')[k] = [];
    for (const u of Object.values(s.land.units)) if (u.landed) delete write(s, 'land', 'units', u.id).landed;
  }
  for (const sh of Object.values(s.ships)) if (sh.used || sh.pickedUp) { const w = write(s, 'ships', sh.id); delete w.used; delete w.pickedUp; } // 10.0
  ctx.log(`${t.month} ${t.year} (weather ${t.weather})${t.offensives ? `: OFF tracks Axis ${t.offensives.axis}, Allied ${t.offensives.allies}` : ''}`, 'ETO sequence of play 1');
}

function endGame(ctx: Ctx<EtoState>): void {
  ctx.end(SCENARIOS[ctx.state.scenario]!.victory(ctx.state));
}

/**
 * Weather phase (1.0, 1.2-1.4): the month's letter is the turn record's (the scenario's data); in a zone with mud or
 * winter one roll of two dice grounds its air units for the month: mud 9-12, winter 7-12. M: mud in the severe zone;
 * W: winter in the severe zone, mud in the moderate zone (the France-Germany mild zone follows the moderate roll).
 */
export const weatherPhase: Procedure<EtoState> = {
  run(ctx) {
    const s = ctx.state;
    const zones: [string, 'mud' | 'winter'][] = s.weather === 'M' ? [['severe', 'mud']] : s.weather === 'W' ? [['severe', 'winter'], ['moderate', 'mud']] : [];
    const grounded: string[] = [];
    for (const [zone, kind] of zones) {
      const r = ctx.roll(6, 2, `Air grounding in the ${zone} zone (${kind}: ${kind === 'mud' ? '9' : '7'}-12 grounds)`, 'ETO 1.4').total;
      if (r >= (kind === 'mud' ? 9 : 7)) { grounded.push(zone); ctx.log(`Air units in the ${zone} zone are grounded this month`, 'ETO 1.4'); }
    }
    s.grounded = grounded;
    ctx.pop();
  },
};

export const monthlyTurn: Procedure<EtoState, MonthlyTurnFrame> = {
  run(ctx, f) {
    const s = ctx.state;
    const steps = turnSteps(s, f.turn);
    const next = steps[f.step];
    if (next) {
      f.step++;
      const { proc, ...locals } = next;
      ctx.push(proc, locals);
      return;
    }
    SCENARIOS[s.scenario]!.endOfTurn?.(ctx);
    if (f.turn + 1 >= playOf(s.scenario).turns.length) { endGame(ctx); return; }
    f.turn++;
    f.step = 0;
    startTurn(ctx, f.turn);
    const { proc, ...rest } = f;
    ctx.goto(proc, rest);
  },
  resume(ctx, f, result: Json | undefined) {
    // A step that ends the scenario (the last turn's End phase step, a conquest that ends it) ends the game.
    if ((result as { over?: boolean } | undefined)?.over) { endGame(ctx); return; }
    const l = ctx.state.land;
    if (l && playOf(ctx.state.scenario).rules.endOnConquest && l.conquered.length) endGame(ctx);
  },
};
