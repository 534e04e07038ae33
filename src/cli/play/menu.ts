// The numbered choice menu of a prompt: long lists grouped by unit (then by action type), filterable by text.
import { actionKey, type Choice, type Json } from '../../engine/index.ts';

/** Above this many choices the menu shows groups first. */
export const GROUP_ABOVE = 24;

export interface ChoiceGroup {
  key: string;
  choices: Choice[];
}

/** One numbered line of the menu: a group to open, or a choice to take. */
export type MenuItem = { group: ChoiceGroup } | { choice: Choice };

export interface MenuState {
  /** Words that every listed choice must contain (case-insensitive); empty = all. */
  filter: string[];
  /** Key of the open group, if any. */
  group: string | null;
}

/**
 * Which group a choice belongs to: its unit when the action names one (movement: unit x destination), else its
 * action type.
 */
export function groupKeyOf(choice: Choice): string {
  const a = choice.action;
  for (const f of ['unit', 'fleet', 'piece', 'area', 'hex']) {
    const v = a[f];
    if (typeof v === 'string' || typeof v === 'number') return String(v);
  }
  return a.type;
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

/** The menu's numbered items for a state: flat when short (or inside a group), else groups and lone choices. */
export function menuItems(choices: Choice[], st: MenuState, extraOf: (c: Choice) => string = () => ''): MenuItem[] {
  const shown = choices.filter((c) => matches(c, st.filter, extraOf(c)));
  if (st.group !== null) {
    const inGroup = shown.filter((c) => groupKeyOf(c) === st.group);
    return inGroup.map((choice) => ({ choice }));
  }
  if (shown.length <= GROUP_ABOVE) return shown.map((choice) => ({ choice }));
  const groups = groupChoices(shown);
  // One group only (e.g. every choice has the same type): grouping would add nothing.
  if (groups.length === 1) return shown.map((choice) => ({ choice }));
  return groups.map((g) => (g.choices.length === 1 ? { choice: g.choices[0]! } : { group: g }));
}

/** "move 11, rail 2": what a group holds, by action type. */
export function groupSummary(g: ChoiceGroup): string {
  const byType = new Map<string, number>();
  for (const c of g.choices) byType.set(c.action.type, (byType.get(c.action.type) ?? 0) + 1);
  return [...byType].map(([t, n]) => `${t} ${n}`).join(', ');
}

/** The choice whose label is exactly this text (case and spacing ignored), if any. */
export function choiceByLabel(choices: Choice[], text: string): Choice | undefined {
  const norm = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();
  const t = norm(text);
  return choices.find((c) => norm(c.label) === t);
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
