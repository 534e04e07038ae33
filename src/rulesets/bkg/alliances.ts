// Optional 9.10, non-historic alliances: before the first quarter each major in turn (bosses first) chooses its side;
// the wars of the set-up between new allies then end (ruling 99). The sides live in the state (`sideOfMajor`).
import type { Choice, Frame, Procedure } from '../../engine/index.ts';
import { startAlliances } from './politics.ts';
import { HISTORIC_SIDES, MAJORS, POWER_NAMES, SIDES, SIDE_NAMES, majorsOf, type Major, type Side } from './powers.ts';
import type { BkgState } from './state.ts';

interface AlliancesFrame extends Frame {
  proc: 'alliances';
  /** Index in MAJORS of the major choosing now; those before it have chosen. */
  at: number;
}

/** The sides major number `at` may still join: each side needs a major not conquered (ruling 99; France in 1941 is). */
function openSides(s: BkgState, at: number): Side[] {
  const live = (m: Major) => !s.conquered.includes(m);
  if (!live(MAJORS[at]!)) return [...SIDES];
  const chosen = MAJORS.slice(0, at).filter(live).map((m) => s.sides![m]);
  const left = MAJORS.slice(at + 1).filter(live).length;
  return SIDES.filter((side) => left > 0 || SIDES.every((d) => d === side || chosen.includes(d)));
}

export const alliances: Procedure<BkgState, AlliancesFrame> = {
  prompts(s, f) {
    const m = MAJORS[f.at]!;
    const sofar = f.at === 0 ? '' : ` So far: ${SIDES.map((d) => `${SIDE_NAMES[d]} ${majorsOf({ sides: s.sides }, d).filter((x) => MAJORS.indexOf(x) < f.at).map((x) => POWER_NAMES[x]).join(', ') || 'none'}`).join('; ')}.`;
    const choices: Choice[] = openSides(s, f.at).map((side) => ({
      action: { type: 'side', side },
      label: `${POWER_NAMES[m]} joins the ${SIDE_NAMES[side]}${HISTORIC_SIDES[m] === side ? ' (historic)' : ''}`,
    }));
    return [{ seat: m, rule: 'BKG advanced 9.10', kind: 'choice', text: `Non-historic alliances: choose ${POWER_NAMES[m]}'s side for the whole game.${sofar}`, choices }];
  },
  explain(s, f, _seat, action) {
    if (action.type !== 'side' || !SIDES.includes(action.side as Side)) return null;
    return { rule: 'BKG advanced 9.10', message: 'each side needs at least one major not conquered: this major must join the side that has none' };
  },
  act(ctx, f, _seat, action) {
    const s = ctx.state;
    s.sides = { ...s.sides!, [MAJORS[f.at]!]: action.side as Side };
    if (f.at + 1 < MAJORS.length) return void ctx.goto('alliances', { at: f.at + 1 });
    startAlliances(ctx);
    ctx.pop();
  },
};
