// The house rules (axis-allies-europe-house-rules.txt, second draft) as options: each its own switch, and one
// "house rules" preset that turns every implemented one on. docs/rulesets/aae.md lists what each does.
import type { OptionInfo, Options } from '../../../engine/index.ts';

export interface HouseRule {
  id: string;
  name: string;
  /** Lines of the house rules it comes from. */
  lines: string;
  description: string;
}

export const HOUSE_RULES: HouseRule[] = [];

export const HOUSE_PRESET = 'houseRules';

export const HOUSE_OPTIONS: OptionInfo[] = [
  ...(HOUSE_RULES.length ? [{
    id: HOUSE_PRESET, name: 'House rules (all)',
    description: 'Every house rule of the second draft that Theater implements (each can also be switched on alone).',
    default: false, values: [false, true],
  }] : []),
  ...HOUSE_RULES.map((r) => ({
    id: `hr-${r.id}`, name: r.name, description: `${r.description} (house rules l.${r.lines})`, default: false, values: [false, true],
  })),
];

/** Which house rules a game plays with: the preset turns all on; a switch given false turns one off again. */
export function houseSwitches(o: Options): Record<string, boolean> {
  const all = o[HOUSE_PRESET] === true;
  const out: Record<string, boolean> = {};
  for (const r of HOUSE_RULES) {
    const v = o[`hr-${r.id}`];
    if (v === true || (all && v !== false)) out[r.id] = true;
  }
  return out;
}
