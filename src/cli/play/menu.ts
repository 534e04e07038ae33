// The numbered choice menu of a prompt: a structured prompt's groups (a unit or stack, then its choices) and, for long
// flat lists, groups by the unit each choice points at (its refs); filterable by text.
import { actionKey, type Choice, type ChoiceRefs, type Json } from '../../engine/index.ts';

/** Above this many choices a flat list shows groups first. */
export const GROUP_ABOVE = 24;

export interface ChoiceGroup {
  key: string;
  /** The text shown for the group (a structured prompt's label); absent: the session names the unit. */
  label?: string;
  /** Its choices when known: a flat list's groups always, a structured prompt's once opened. */
  choices: Choice[];
  /** A structured prompt's group (its choices come from the kernel's choicesIn). */
  structured?: boolean;
  /** A structured group's refs (the unit or stack it is). */
  refs?: ChoiceRefs;
}

/** One numbered line of the menu: a group to open, or a choice to take. */
export type MenuItem = { group: ChoiceGroup } | { choice: Choice };

export interface MenuState {
  /** Words that every listed choice must contain (case-insensitive); empty = all. */
  filter: string[];
  /** Key of the open group, if any. */
  group: string | null;
}

/** The group of a flat list a choice falls in: the first unit it points at, else its action type. */
export function groupKeyOf(choice: Choice): string {
  return choice.refs?.units?.[0] ?? choice.action.type;
}

export function groupChoices(choices: Choice[]): ChoiceGroup[] {
  const byKey = new Map<string, Choice[]>();
  for (const c of choices) {
    const k = groupKeyOf(c);
    const list = byKey.get(k);
    if (list) list.push(c);
    else byKey.set(k, [c]);
  }
  return [...byKey].map(([key, cs]) => ({ key, choices: cs }));
}

/** Text a filter word is matched against: the label, the action's fields and any extra words (place names). */
export function searchText(choice: Choice, extra = ''): string {
  return `${choice.label} ${actionKey(choice.action)} ${extra}`.toLowerCase();
}

export function parseFilter(text: string): string[] {
  return text.toLowerCase().split(/\s+/).filter(Boolean);
}

export function matches(choice: Choice, words: string[], extra = ''): boolean {
  if (!words.length) return true;
  const t = searchText(choice, extra);
  return words.every((w) => t.includes(w));
}

/**
 * The menu's numbered items: inside an open group its choices; else a structured prompt's groups (kept whole, the
 * filter matching their labels) and the listed choices, flat when short, grouped by unit when long.
 */
export function menuItems(choices: Choice[], st: MenuState, extraOf: (c: Choice) => string = () => '', opts: {
  groups?: ChoiceGroup[];
} = {}): MenuItem[] {
  const shown = choices.filter((c) => matches(c, st.filter, extraOf(c)));
  const structured = (opts.groups ?? []).filter((g) => !st.filter.length || st.filter.every((w) => `${g.key} ${g.label ?? ''}`.toLowerCase().includes(w)));
  if (st.group !== null) {
    const open = opts.groups?.find((g) => g.key === st.group);
    if (open) return open.choices.filter((c) => matches(c, st.filter, extraOf(c))).map((choice) => ({ choice }));
    return shown.filter((c) => groupKeyOf(c) === st.group).map((choice) => ({ choice }));
  }
  const lead: MenuItem[] = structured.map((group) => ({ group }));
  if (shown.length <= GROUP_ABOVE) return [...lead, ...shown.map((choice) => ({ choice }))];
  const groups = groupChoices(shown);
  // One group only (e.g. every choice has the same type): grouping would add nothing.
  if (groups.length === 1) return [...lead, ...shown.map((choice) => ({ choice }))];
  return [...lead, ...groups.map((g) => (g.choices.length === 1 ? { choice: g.choices[0]! } : { group: g }))];
}

/** "move 11, rail 2": what a group holds, by action type. */
export function groupSummary(g: ChoiceGroup): string {
  const byType = new Map<string, number>();
  for (const c of g.choices) byType.set(c.action.type, (byType.get(c.action.type) ?? 0) + 1);
  return [...byType].map(([t, n]) => `${t} ${n}`).join(', ');
}

/**
 * The choice whose label is exactly this text (case and spacing ignored), if any; `shown` gives other texts a choice
 * goes by on screen (its shortened line inside a group).
 */
export function choiceByLabel(choices: Choice[], text: string, shown: (c: Choice) => string[] = () => []): Choice | undefined {
  const norm = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();
  const t = norm(text);
  return choices.find((c) => norm(c.label) === t || shown(c).some((x) => norm(x) === t));
}

/** Compact text of an action for logs when no label is known: "move bg-inf 2409". */
export function describeAction(action: Record<string, Json | undefined>): string {
  const parts = [String(action.type)];
  for (const [k, v] of Object.entries(action)) {
    if (k === 'type' || v === undefined) continue;
    parts.push(typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v) : `${k}=${JSON.stringify(v)}`);
  }
  return parts.join(' ');
}
