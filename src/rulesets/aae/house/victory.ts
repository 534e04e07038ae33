// The draft's victory conditions (l.241, hr-victory), in place of the base game's capitals held a round: each power
// its own goal, checked at the end of every turn; Germany wins by still holding two areas of Germany at the end of
// turn 16. The draft leaves "defeat", the areas and the cities open: docs/rulings/aae.md 63.
import type { Outcome } from '../../../engine/index.ts';
import type { BasePower } from '../data/index.ts';
import type { AaeState } from '../state.ts';
import { controller, inPlay, sideOf, standIn, valueOf } from '../world.ts';
import { isCity } from './regions.ts';
import { NATION_NAMES, nationConquered } from './surrender.ts';
import { NATIONS } from '../data/index.ts';

export const RULE_HOUSE_VICTORY = 'AAE house rules l.241 (victory conditions)';
/** The draft's last turn (l.241: "by the end of turn 16"). */
export const HOUSE_LAST_TURN = 16;
/** City points the Axis must hold at the end of a turn (l.241). */
export const AXIS_CITY_POINTS = 10;

/** The areas of Germany (ruling): Germany and Austria, with Berlin and Königsberg on the regional map. */
const GERMAN_AREAS = ['germany', 'austria', 'berlin', 'konigsberg'];
/** The Soviet goal (l.241): Berlin, Budapest, Königsberg and Warsaw (their printed hosts without the regional map). */
const SOVIET_GOALS = ['berlin', 'budapest', 'konigsberg', 'warsaw'];
/** The British goal (l.241) besides defeating Germany and Italy. */
const BRITISH_HOLDS = ['egypt', 'greece', 'gibraltar'];
/** Italy's surrender (l.147): Northern Italy, or two of these with Italian North Africa. */
const ITALIAN_ISLANDS_SOUTH = ['sardinia', 'sicily', 'southern-italy'];
const ITALIAN_AFRICA = ['libya', 'tripoli'];

const allied = (s: AaeState, id: string): boolean => {
  const c = controller(s, id);
  return c !== null && sideOf(c) === 'allies';
};

export const germanAreas = (s: AaeState): string[] => GERMAN_AREAS.filter((id) => inPlay(s, id));

/** Areas of Germany the Axis still hold. */
export const germanAreasHeld = (s: AaeState): number => germanAreas(s).filter((id) => !allied(s, id)).length;

/** Germany is defeated once it holds fewer than the two areas of Germany its own goal asks for (ruling). */
export const germanyDefeated = (s: AaeState): boolean => germanAreasHeld(s) < 2;

/** Italy is defeated when its surrender condition (l.147) holds, or once it has surrendered (hr-surrender). */
export function italyDefeated(s: AaeState): boolean {
  if (allied(s, 'northern-italy')) return true;
  if ((s.house?.surrender as { surrendered?: Record<string, number> } | undefined)?.surrendered?.italy !== undefined) return true;
  const lost = ITALIAN_ISLANDS_SOUTH.filter((id) => allied(s, id)).length;
  return lost >= 2 && ITALIAN_AFRICA.filter((id) => inPlay(s, id)).every((id) => allied(s, id));
}

/** Value of the built-up cities (l.38) the Axis hold: the Reich's own count too (ruling). */
export function axisCityPoints(s: AaeState): number {
  let n = 0;
  for (const id of Object.keys(s.control)) {
    const c = controller(s, id);
    if (c && sideOf(c) === 'axis' && inPlay(s, id) && isCity(s, id)) n += valueOf(s, id);
  }
  return n;
}

/** The Soviet goal's areas in this game (each regional city's host without the regional map, once each). */
export const sovietGoals = (s: AaeState): string[] => [...new Set(SOVIET_GOALS.map((id) => standIn(s, id)))];

/** Each power's goal, met or not, and why (for the log, the result and the AI). */
export function houseGoals(s: AaeState): Record<BasePower, { met: boolean; text: string }> {
  const pts = axisCityPoints(s);
  const soviet = sovietGoals(s);
  const sovietHeld = soviet.filter((id) => allied(s, id)).length;
  const holds = BRITISH_HOLDS.filter((id) => controller(s, id) === 'uk').length;
  return {
    germany: { met: pts >= AXIS_CITY_POINTS, text: `the Axis hold ${pts} points of cities (${AXIS_CITY_POINTS} needed)` },
    ussr: { met: sovietHeld === soviet.length, text: `the Allies hold ${sovietHeld} of the Soviet goals (${soviet.length})` },
    uk: {
      met: germanyDefeated(s) && italyDefeated(s) && holds === BRITISH_HOLDS.length,
      text: `Germany ${germanyDefeated(s) ? 'defeated' : 'stands'}, Italy ${italyDefeated(s) ? 'defeated' : 'stands'}, the United Kingdom holds ${holds} of Egypt, Greece and Gibraltar`,
    },
    usa: { met: germanyDefeated(s), text: `Germany holds ${germanAreasHeld(s)} areas of Germany` },
  };
}

const WIN_TEXT: Record<BasePower, string> = {
  germany: 'Axis victory: the Axis hold 10 points of cities',
  ussr: 'Soviet victory: Berlin, Budapest, Königsberg and Warsaw are taken',
  uk: 'British victory: Germany and Italy are defeated and the United Kingdom holds Egypt, Greece and Gibraltar',
  usa: 'American victory: Germany is defeated',
};

/** At the end of a turn: the first goal met ends the game (the Axis first, then the Allies, the narrowest first). */
export function houseVictoryAtTurnEnd(s: AaeState): Outcome | null {
  const g = houseGoals(s);
  for (const p of ['germany', 'ussr', 'uk', 'usa'] as const) if (g[p].met) return { winner: p, result: WIN_TEXT[p], rule: RULE_HOUSE_VICTORY };
  return null;
}

/** The round after which the game ends under hr-victory: turn 16, or an earlier round limit. */
export function houseLastRound(s: AaeState): number {
  return s.opts.roundLimit > 0 ? Math.min(s.opts.roundLimit, HOUSE_LAST_TURN) : HOUSE_LAST_TURN;
}

/** End of the last turn: Germany wins holding two areas of Germany (l.241); else the Axis Minor (its seat in play) with one of its countries unconquered; else a draw. */
export function houseLimitOutcome(s: AaeState): Outcome {
  const n = germanAreasHeld(s);
  if (n >= 2) return { winner: 'germany', result: `German victory at the end of turn ${s.round - 1}: Germany holds ${n} areas of Germany`, rule: RULE_HOUSE_VICTORY };
  const standing = s.opts.house['axis-minor'] ? NATIONS.filter((x) => !nationConquered(s, x)) : [];
  if (standing.length) return { winner: 'minor', result: `Axis Minor victory at the end of turn ${s.round - 1}: ${standing.map((x) => NATION_NAMES[x]).join(', ')} unconquered`, rule: RULE_HOUSE_VICTORY };
  return { winner: null, result: `Draw at the end of turn ${s.round - 1}: no power has met its goal`, rule: RULE_HOUSE_VICTORY };
}
