// Map interactions derived only from the prompt's choices: the client never computes a legal move itself.
import type { Choice } from '../../engine/types.ts';

/** What the map may offer for the current prompt; numbers are indices into prompt.choices. */
export interface MapPicks {
  /** Units named by a choice (field `unit`, or each id of `units`). */
  units: Map<string, number[]>;
  /** For each unit: the places (hex or box) its choices lead to (field `to`, else another place field). */
  dests: Map<string, Map<string, number[]>>;
  /** Places named by choices that name no unit (pick a hex, a box...). */
  places: Map<string, number[]>;
}

/** Fields read as "the place an action goes to", in order of preference (a rule set's assets may name others). */
export const DEST_FIELDS = ['to', 'hex', 'target', 'at', 'where', 'box', 'dest', 'destination'];
/** Fields read as the units an action is about: a unit id, or a list of them. */
export const UNIT_FIELDS = ['unit', 'units'];

export interface PickFields {
  units?: string[];
  places?: string[];
}

function push<K>(m: Map<K, number[]>, k: K, i: number): void {
  const l = m.get(k);
  if (l) l.push(i);
  else m.set(k, [i]);
}

/** Unit ids an action names. */
export function actionUnits(a: Choice['action'], fields: string[] = UNIT_FIELDS): string[] {
  const out: string[] = [];
  for (const f of fields) {
    const v = a[f];
    if (typeof v === 'string') out.push(v);
    else if (Array.isArray(v)) for (const u of v) if (typeof u === 'string') out.push(u);
  }
  return out;
}

/** The place an action leads to, if any of its fields holds a place the map knows. */
export function actionPlace(a: Choice['action'], isPlace: (s: string) => boolean, fields: string[] = DEST_FIELDS): string | null {
  for (const f of fields) {
    const v = a[f];
    if (typeof v === 'string' && isPlace(v)) return v;
  }
  return null;
}

export function derivePicks(choices: Choice[], isPlace: (s: string) => boolean, fields: PickFields = {}): MapPicks {
  const picks: MapPicks = { units: new Map(), dests: new Map(), places: new Map() };
  choices.forEach((c, i) => {
    const units = actionUnits(c.action, fields.units);
    const place = actionPlace(c.action, isPlace, fields.places);
    for (const u of units) {
      push(picks.units, u, i);
      if (place) {
        let d = picks.dests.get(u);
        if (!d) picks.dests.set(u, (d = new Map()));
        push(d, place, i);
      }
    }
    if (units.length === 0 && place) push(picks.places, place, i);
  });
  return picks;
}

/** Choices a click on `place` would make, given the selected unit (or none). */
export function choicesAt(picks: MapPicks, place: string, selectedUnit: string | null): number[] {
  if (selectedUnit) return picks.dests.get(selectedUnit)?.get(place) ?? [];
  return picks.places.get(place) ?? [];
}

/** Places to highlight: the selected unit's destinations, else places any unit-free choice names. */
export function highlighted(picks: MapPicks, selectedUnit: string | null): Set<string> {
  if (selectedUnit) return new Set(picks.dests.get(selectedUnit)?.keys() ?? []);
  return new Set(picks.places.keys());
}
