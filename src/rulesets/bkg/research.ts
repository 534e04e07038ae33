// Research (advanced 7.5): each major may buy one research number a quarter for 2 BP; a major that announces a roll
// may be sabotaged (card Sabotage on Research); a die at or under its numbers (never a 6) gives an achievement of its
// choice; the numbers are spent either way.
import { write, type Choice, type Frame, type Procedure, type Prompt } from '../../engine/index.ts';
import { holdsPlayable, spendCard } from './cards.ts';
import { atWar, isConquered } from './politics.ts';
import { MAJORS, POWER_NAMES, type Major } from './powers.ts';
import type { BkgState } from './state.ts';

export const ACHIEVEMENTS = ['v-weapons', 'atomic-bomb', 'air-combat', 'long-range', 'better-subs', 'sonar', 'radar'] as const;
export const ACHIEVEMENT_NAMES: Record<string, string> = {
  'v-weapons': 'V-Weapons', 'atomic-bomb': 'Atomic Bomb', 'air-combat': 'Air Combat', 'long-range': 'Long Range',
  'better-subs': 'Better Subs', sonar: 'Sonar', radar: 'Radar',
};

/** Achievements a major may still choose: each once; the atomic bomb only after all others but V-weapons (7.5). */
export function openAchievements(s: BkgState, m: Major): string[] {
  const have = s.achievements[m] ?? [];
  return ACHIEVEMENTS.filter((a) => {
    if (have.includes(a)) return false;
    if (a === 'atomic-bomb') return ACHIEVEMENTS.filter((b) => b !== 'atomic-bomb' && b !== 'v-weapons').every((b) => have.includes(b));
    return true;
  });
}

export function hasAchievement(s: BkgState, m: Major | null, a: string): boolean {
  return s.rules === 'advanced' && m !== null && (s.achievements[m] ?? []).includes(a);
}

interface ResearchFrame extends Frame {
  proc: 'research';
  step: 'buy' | 'next' | 'announce' | 'sabotage' | 'choose';
  ended: Major[];
  /** The major whose roll is being decided (announce, sabotage, choose). */
  who?: Major;
  /** Majors already asked to announce. */
  order: Major[];
}

const active = (s: BkgState) => MAJORS.filter((m) => !isConquered(s, m));

export const research: Procedure<BkgState, ResearchFrame> = {
  prompts(s, f) {
    if (f.step === 'buy') {
      const out: Prompt[] = [];
      for (const m of active(s)) {
        if (f.ended.includes(m) || s.budget[m] < 2 || s.research[m] >= 5) continue;
        out.push({
          seat: m, rule: 'BKG advanced 7.5', kind: 'research',
          text: `${POWER_NAMES[m]}: buy a research number for 2 BP (you hold ${s.research[m]})?`,
          choices: [{ action: { type: 'buy' }, label: 'Buy one research number (2 BP)' }, { action: { type: 'pass' }, label: 'Do not buy' }],
        });
      }
      return out;
    }
    if (f.step === 'announce') {
      const m = f.who!;
      return [{
        seat: m, rule: 'BKG advanced 7.5', kind: 'research',
        text: `${POWER_NAMES[m]}: roll for research now (success on 1-${s.research[m]}, a 6 always fails; the numbers are spent), or keep them?`,
        choices: [{ action: { type: 'announce' }, label: `Announce a research roll (${s.research[m]} numbers)` }, { action: { type: 'pass' }, label: 'Keep the numbers' }],
      }];
    }
    if (f.step === 'sabotage') {
      const target = f.who!;
      const out: Prompt[] = [];
      for (const m of active(s)) {
        if (f.ended.includes(m) || !atWar(s, m, target) || !holdsPlayable(s, m, 'sabotage')) continue;
        out.push({
          seat: m, rule: 'BKG card Sabotage on Research', kind: 'card',
          text: `${POWER_NAMES[target]} announces a research roll with ${s.research[target]} numbers. Play Sabotage on Research?`,
          choices: [{ action: { type: 'play', card: 'sabotage' }, label: `Sabotage: ${POWER_NAMES[target]} loses its numbers` }, { action: { type: 'pass' }, label: 'Do not play it' }],
        });
      }
      return out;
    }
    if (f.step !== 'choose') return [];
    const m = f.who!;
    const choices: Choice[] = openAchievements(s, m).map((a) => ({ action: { type: 'achieve', achievement: a }, label: ACHIEVEMENT_NAMES[a]! }));
    return choices.length ? [{ seat: m, rule: 'BKG advanced 7.5', kind: 'research', text: `${POWER_NAMES[m]}: research succeeded. Choose an achievement.`, choices }] : [];
  },
  run(ctx, f) {
    const s = ctx.state;
    if (f.step === 'buy' || f.step === 'next') {
      const next = active(s).find((m) => !f.order.includes(m) && s.research[m] > 0);
      if (!next) return void ctx.pop();
      return void ctx.goto('research', { ...f, step: 'announce', who: next, order: [...f.order, next], ended: [] });
    }
    if (f.step === 'sabotage') { // nobody sabotaged: roll
      const m = f.who!;
      const n = s.research[m];
      const r = ctx.roll(6, 1, `${POWER_NAMES[m]} research roll (${n} numbers)`, 'BKG advanced 7.5').total;
      write(s, 'research')[m] = 0;
      if (r <= n && r !== 6 && openAchievements(s, m).length) {
        ctx.log(`${POWER_NAMES[m]} rolls ${r}: research succeeds`, 'BKG advanced 7.5');
        return void ctx.goto('research', { ...f, step: 'choose' });
      }
      ctx.log(`${POWER_NAMES[m]} rolls ${r}: research fails`, 'BKG advanced 7.5');
      return void ctx.goto('research', { ...f, step: 'next' });
    }
    ctx.goto('research', { ...f, step: 'next' }); // no achievement left to choose
  },
  act(ctx, f, seat, action) {
    const s = ctx.state;
    const m = seat as Major;
    if (f.step === 'buy') {
      if (action.type === 'buy') {
        write(s, 'budget')[m] -= 2;
        write(s, 'research')[m] += 1;
        ctx.log(`${POWER_NAMES[m]} buys a research number (2 BP): ${s.research[m]}`, 'BKG advanced 7.5');
      }
      return void ctx.goto('research', { ...f, ended: [...f.ended, m] });
    }
    if (f.step === 'announce') {
      if (action.type === 'pass') return void ctx.goto('research', { ...f, step: 'next' });
      ctx.log(`${POWER_NAMES[m]} announces a research roll with ${s.research[m]} numbers`, 'BKG advanced 7.5');
      return void ctx.goto('research', { ...f, step: 'sabotage', ended: [] });
    }
    if (f.step === 'sabotage') {
      if (action.type === 'pass') return void ctx.goto('research', { ...f, ended: [...f.ended, m] });
      spendCard(ctx, m, 'sabotage');
      const target = f.who!;
      ctx.log(`${POWER_NAMES[m]} plays Sabotage on Research: ${POWER_NAMES[target]} loses its ${s.research[target]} numbers`, 'BKG card Sabotage on Research');
      write(s, 'research')[target] = 0;
      return void ctx.goto('research', { ...f, step: 'next' });
    }
    write(s, 'achievements')[m] = [...(s.achievements[m] ?? []), action.achievement as string];
    ctx.log(`${POWER_NAMES[m]} achieves ${ACHIEVEMENT_NAMES[action.achievement as string]}`, 'BKG advanced 7.5');
    ctx.goto('research', { ...f, step: 'next' });
  },
};
