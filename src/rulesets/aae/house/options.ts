// The house rules (axis-allies-europe-house-rules.txt, second draft) as options: each its own switch, and one
// "house rules" preset that turns every implemented one on. docs/rulesets/aae.md lists what each does and what is
// not implemented.
import type { OptionInfo, Options } from '../../../engine/index.ts';

export interface HouseRule {
  id: string;
  name: string;
  /** Lines of the house rules it comes from. */
  lines: string;
  description: string;
}

export const HOUSE_RULES: HouseRule[] = [
  { id: 'd10', name: 'Combat on d10', lines: '48-54, 92-97', description: 'New combat values and costs on ten-sided dice (German armour 5/6 for 6 IPCs, damaged battleships at half value); antiaircraft guns hit on 1' },
  { id: 'barbarossa', name: 'Barbarossa', lines: '157', description: 'Round 1: Soviet armour defends at -1 and Soviet aircraft at -2; in the Soviet turn Soviet aircraft and armour attack at -1; German aircraft +1 in the Soviet Union (with combat on d10)' },
  { id: 'max-rounds', name: 'Four combat rounds', lines: '36', description: 'A land battle lasts at most 4 rounds (3 in Winter); then the attacker withdraws' },
  { id: 'armour-second-attack', name: 'Armour second attacks', lines: '56', description: 'Armour that moved one area and won may attack a second territory, starting two rounds after the first battle ended, within the round limit' },
  { id: 'naval-move', name: 'Naval move 3', lines: '105', description: 'Ships move 3 sea zones (damaged battleships 1)' },
  { id: 'air-bonus', name: 'Air redeployment', lines: '105', description: 'Aircraft that did not move to attack get +2 movement in the noncombat move over friendly territory only' },
  { id: 'fighter-landing', name: 'Fighters land in captured territory', lines: '105', description: 'A fighter that attacked a territory from next to it may land there once taken, with 1 movement left' },
  { id: 'factory-limit', name: 'Factory limits', lines: '7, 109', description: 'At most twice the territory\'s value in new units per industrial complex; at a captured one only infantry, up to its value' },
  { id: 'half-value', name: 'Captured territory at half value', lines: '111', description: 'A territory taken from its original owner yields half its value (rounded down)' },
  { id: 'us-income', name: 'US production schedule', lines: '179', description: 'US base income 20 on turns 1-2, 30 on 3-4, 40 on 5-6, 50 on 7-8, 60 from turn 9' },
  { id: 'sbr', name: 'Strategic bombing (house)', lines: '58-64, 181', description: 'One escort fighter a turn (range 3) at -2, interceptors at -1, US bombers defend on 1 each, others 1 per pair; each antiaircraft gun fires at up to 3 bombers; damage d6-1 per bomber, at most twice the territory\'s value' },
  { id: 'rail', name: 'Rail movement and rail bombing', lines: '107, 66-68', description: 'Land units move by rail in the noncombat move through territory held since the turn began: Germany 10 points, the Soviet Union 12; infantry and artillery cost 2, armour 3; bombing a territory\'s rail adds half the damage (rounded up) to the cost of moving through it this turn' },
  { id: 'fortresses', name: 'Copenhagen and Gibraltar fortresses', lines: '163, 197', description: 'Enemy ships in the Danish Sea (Denmark Axis) or the Strait of Gibraltar (Gibraltar British) are fired at when the combat phase begins' },
  { id: 'speer', name: 'Albert Speer', lines: '171', description: 'Germany is worth 150% in 1943 and 200% in 1944' },
  { id: 'reservists', name: 'Soviet army reservists', lines: '117', description: 'First Soviet turn: 10 dice; each even die places an infantry in a Soviet territory, each odd one adds a free infantry to the turn\'s builds' },
  { id: 'commonwealth', name: 'Commonwealth reinforcements', lines: '191', description: 'Turns 1-4: one free British infantry in Iraq or Egypt' },
  { id: 'malta', name: 'Malta', lines: '199', description: 'British income -1 while Malta is British; Malta starves of a unit when the Axis has warships in the Mediterranean and the British none' },
  { id: 'japan', name: 'War with Japan', lines: '211', description: 'End of turn 3 a British destroyer leaves, end of turn 4 a battleship, a carrier and a fighter, and British income falls by 3; from turn 6 a capital ship may come back (1-3 on a die)' },
];

export const HOUSE_PRESET = 'houseRules';

export const HOUSE_OPTIONS: OptionInfo[] = [
  {
    id: HOUSE_PRESET, name: 'House rules (all)',
    description: 'Every house rule of the second draft that Theater implements (each can also be switched on alone, or off against the preset).',
    default: false, values: [false, true],
  },
  ...HOUSE_RULES.map((r) => ({
    id: `hr-${r.id}`, name: r.name, description: `${r.description} (house rules l.${r.lines})`, default: null, values: [null, false, true],
  })),
];

/** Which house rules a game plays with: the preset turns all on; a switch given true or false decides alone. */
export function houseSwitches(o: Options): Record<string, boolean> {
  const all = o[HOUSE_PRESET] === true;
  const out: Record<string, boolean> = {};
  for (const r of HOUSE_RULES) {
    const v = o[`hr-${r.id}`];
    if (v === true || (all && v !== false)) out[r.id] = true;
  }
  return out;
}

export type HouseRuleId = (typeof HOUSE_RULES)[number]['id'];
