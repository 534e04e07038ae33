// Research and development (house rules l.217-239, `hr-research`; ruling 85): each item of a power's list becomes
// available at its start turn (ST) with a research number (RN) of 1 that grows by 1 each turn; at the start of its
// turn the power rolls one d10 and may gain one available item whose RN is at least the roll. Items allowing a second
// gain start again at RN 1 the next turn. Only the items whose effect acts on a rule Theater has are on the lists.
import type { Choice, Ctx, Frame, Procedure } from '../../../engine/index.ts';
import type { Power } from '../data/index.ts';
import type { AaeState } from '../state.ts';
import { POWER_NAMES } from '../world.ts';

export const RULE_RESEARCH = 'AAE house rules l.217 (research and development)';

export interface ResearchItem {
  id: string;
  name: string;
  /** Start turn (ST). */
  start: number;
  /** Gains allowed (a second gain: l.217). */
  gains: 1 | 2;
  /** The draft's line. */
  line: number;
  /** The house rule its effect changes: offered only when that rule is on (ruling 85). */
  needs: string;
}

/** Each power's items that act on a rule Theater has (the others: docs/rulesets/aae.md, not implemented). */
export const RESEARCH: Readonly<Partial<Record<Power, readonly ResearchItem[]>>> = {
  germany: [
    { id: 'snorkel', name: 'Snorkel submarines and counter-radar (detection -1, second gain -3)', start: 5, gains: 2, line: 221, needs: 'naval-sequence' },
    { id: 'night-fighters', name: 'Advanced night fighters (defend on 3 against British night raids)', start: 4, gains: 1, line: 225, needs: 'night-bombing' },
  ],
  uk: [
    { id: 'sub-detection', name: 'Submarine detection (+1, second gain +3)', start: 3, gains: 2, line: 229, needs: 'naval-sequence' },
    { id: 'night-fighters', name: 'Advanced night fighters (defend on 3 against German night raids)', start: 2, gains: 1, line: 231, needs: 'night-bombing' },
    { id: 'paratroops', name: 'Paratroops (may be built)', start: 3, gains: 1, line: 237, needs: 'paratroops' },
    { id: 'ultra', name: 'Ultra (divert one convoy from an Axis attack)', start: 3, gains: 1, line: 233, needs: 'convoy-attacks' },
  ],
  usa: [
    { id: 'sub-detection', name: 'Submarine detection (+1, second gain +3)', start: 3, gains: 2, line: 239, needs: 'naval-sequence' },
    { id: 'liberty-ships', name: 'Liberty ships (transports built in one turn)', start: 3, gains: 1, line: 239, needs: 'production-cycle' },
    { id: 'paratroops', name: 'Paratroops (may be built)', start: 3, gains: 1, line: 239, needs: 'paratroops' },
  ],
  minor: [
    { id: 'fighters', name: 'Italian fighters (regular, not early-war)', start: 4, gains: 1, line: 229, needs: 'axis-minor' },
  ],
};

/** A power's record of one item: gains so far and the turn from which its RN counts (RN 1 on that turn). */
interface ItemRecord { gains: number; from: number }
type Book = Partial<Record<Power, Record<string, ItemRecord>>>;

const book = (s: AaeState): Book => (s.house?.research as Book | undefined) ?? {};
const recordOf = (s: AaeState, p: Power, item: ResearchItem): ItemRecord => book(s)[p]?.[item.id] ?? { gains: 0, from: item.start };

/** How many times `p` has gained research item `item` (0 when never, or without hr-research). */
export function researched(s: AaeState, p: Power, item: string): number {
  if (!s.opts.house.research) return 0;
  return book(s)[p]?.[item]?.gains ?? 0;
}

/** The research number of an item this turn: 1 on its (re)start turn, 1 more each turn after; 0 before it starts. */
export function researchNumber(s: AaeState, p: Power, item: ResearchItem): number {
  return Math.max(0, s.round - recordOf(s, p, item).from + 1);
}

/** Items `p` may research this turn: started, gains left, and the rule they change on. */
export function availableResearch(s: AaeState, p: Power): ResearchItem[] {
  return (RESEARCH[p] ?? []).filter((i) => s.opts.house[i.needs] === true && recordOf(s, p, i).gains < i.gains && researchNumber(s, p, i) > 0);
}

interface ResearchFrame extends Frame { power: Power; items: string[]; roll: number }

/** The R&D phase at the start of the power's turn (ruling 85): one d10; the items it reaches are offered. */
export function startResearch(ctx: Ctx<AaeState>, p: Power): void {
  const s = ctx.state;
  const items = availableResearch(s, p);
  if (!items.length) return;
  const roll = ctx.roll(10, 1, `research (${items.map((i) => `${i.id} RN ${researchNumber(s, p, i)}`).join(', ')})`, RULE_RESEARCH).faces[0]!;
  const reached = items.filter((i) => researchNumber(s, p, i) >= roll);
  ctx.log(`${POWER_NAMES[p]} research roll ${roll}: ${reached.length ? `within reach: ${reached.map((i) => i.id).join(', ')}` : 'no success'}`, RULE_RESEARCH);
  if (reached.length) ctx.push('research', { power: p, items: reached.map((i) => i.id), roll });
}

export const research: Procedure<AaeState, ResearchFrame> = {
  prompts(_s, f) {
    const items = (RESEARCH[f.power] ?? []).filter((i) => f.items.includes(i.id));
    const choices: Choice[] = items.map((i) => ({ action: { type: 'research', item: i.id }, label: `gain ${i.name} (l.${i.line})` }));
    return [{ seat: f.power, rule: RULE_RESEARCH, kind: 'choose', text: `${POWER_NAMES[f.power]}: the research roll of ${f.roll} succeeds; gain one item`, choices }];
  },
  run(ctx) { ctx.pop(); },
  act(ctx, f, _seat, a) {
    const s = ctx.state;
    const item = (RESEARCH[f.power] ?? []).find((i) => i.id === a.item)!;
    const gains = recordOf(s, f.power, item).gains + 1;
    // A second gain is tried from RN 1 again on the next turn (l.217).
    const b = book(s);
    s.house = { ...(s.house ?? {}), research: { ...b, [f.power]: { ...b[f.power], [item.id]: { gains, from: s.round + 1 } } } };
    ctx.log(`${POWER_NAMES[f.power]} gains ${item.name}${item.gains > 1 ? ` (gain ${gains} of ${item.gains})` : ''}`, RULE_RESEARCH);
    ctx.pop();
  },
};
