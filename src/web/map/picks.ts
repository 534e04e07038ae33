// What the map offers for the current prompt, from what each choice and group says it points at (`refs`): the client
// never computes a legal move, and never reads an action's fields.
import type { Choice, ChoiceGroup, Prompt } from '../../engine/types.ts';

/** How a unit on the board can be picked: the group it heads (a structured prompt), and the listed choices naming it. */
export interface UnitPick {
  group?: string;
  choices: number[];
}

export interface MapPicks {
  /** Units the prompt lets the player pick. */
  units: Map<string, UnitPick>;
  /** Groups by the place they stand for (a stack's area or hex), for a click on the place itself. */
  groupAt: Map<string, string>;
  /** Places of groups that name no unit (a hex to attack, its attacks listed when picked): lit with nothing selected. */
  placeGroups: Set<string>;
  /**
   * Places named by listed choices that name no unit (declare an attack on a hex, pick a box...), or only units that
   * stand there (pick a stack where it is: a breakthrough stack).
   */
  places: Map<string, number[]>;
  /**
   * The one unit (or the first of the one stack) every listed choice leading somewhere is about (a set-up prompt placing
   * one unit, a breakthrough stack moving together): its places are lit with nothing selected. Null when such choices
   * name different units or none.
   */
  only: string | null;
}

function push<K>(m: Map<K, number[]>, k: K, i: number): void {
  const l = m.get(k);
  if (l) l.push(i);
  else m.set(k, [i]);
}

/** `whereOf` tells where a unit stands on the board (a choice about units in their own place picks the place). */
export function derivePicks(prompt: Prompt | null, whereOf: (unit: string) => string | undefined = () => undefined): MapPicks {
  const picks: MapPicks = { units: new Map(), groupAt: new Map(), placeGroups: new Set(), places: new Map(), only: null };
  if (!prompt) return picks;
  for (const g of prompt.groups ?? []) {
    for (const u of g.refs?.units ?? []) if (!picks.units.has(u)) picks.units.set(u, { group: g.key, choices: [] });
    if (g.refs?.place && !picks.groupAt.has(g.refs.place)) picks.groupAt.set(g.refs.place, g.key);
    if (g.refs?.place && !g.refs.units?.length) picks.placeGroups.add(g.refs.place);
  }
  // The sets of units that choices move somewhere: one set (one unit placed, one stack moving together) is the only.
  const named = new Map<string, string>();
  prompt.choices.forEach((c, i) => {
    const r = c.refs;
    const units = r?.units ?? [];
    const inPlace = !!r?.place && units.length > 0 && units.every((u) => whereOf(u) === r.place);
    const key = [...units].sort().join(' ');
    if (r?.place && !inPlace && units.length && !named.has(key)) named.set(key, units[0]!);
    for (const u of units) {
      const p = picks.units.get(u);
      if (p) p.choices.push(i);
      else picks.units.set(u, { choices: [i] });
    }
    if ((!units.length || inPlace) && r?.place) push(picks.places, r.place, i);
  });
  if (named.size === 1 && !prompt.groups?.length) picks.only = [...named.values()][0]!;
  return picks;
}

/** The listed choices of a selected unit (no group), or of the prompt's only unit. */
export function unitChoices(picks: MapPicks, unit: string | null): number[] {
  const u = unit ?? picks.only;
  return u ? (picks.units.get(u)?.choices ?? []) : [];
}

/** Choices of `list` leading to `place`. */
export function choicesAt(list: Choice[], place: string): Choice[] {
  return list.filter((c) => c.refs?.place === place);
}

/** Places the choices of `list` lead to. */
export function placesOf(list: Choice[]): Set<string> {
  const out = new Set<string>();
  for (const c of list) {
    const p = c.refs?.place;
    if (p) out.add(p);
  }
  return out;
}

/** The group a unit heads in the prompt, if any. */
export function groupOfUnit(prompt: Prompt | null, unit: string): ChoiceGroup | undefined {
  return prompt?.groups?.find((g) => g.refs?.units?.includes(unit));
}
