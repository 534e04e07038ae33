// 2WW exact odds (issue #19) on the fixed combats (src/rulesets/2ww/odds-fixtures.ts), in CPU time: the land-combat calculator
// (combatOdds, what the web preview and the AI ask) against the generic enumeration of every roll (enumerateCombat),
// in one run, with their exact distributions compared. Run: npx tsx bench/odds.bench.ts [--quick] (quick: no
// enumeration of the support-battle combats, about 10 s each).
import { combatOdds, enumerateCombat } from '../src/odds/index.ts';
import { twoWW } from '../src/rulesets/2ww/index.ts';
import { twoWWOdds } from '../src/rulesets/2ww/odds.ts';
import { twoWWPackage } from '../src/rulesets/2ww/package.ts';
import { declaredCombat, FIXED_COMBATS } from '../src/rulesets/2ww/odds-fixtures.ts';
import positions from '../src/rulesets/2ww/odds-positions.json' with { type: 'json' };
import { allChoices, applyAction, Game, prompts, setupGame, type Json } from '../src/engine/index.ts';
import type { Side, TwoWWState } from '../src/rulesets/2ww/state.ts';

const cpuMs = (): number => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};

const quick = process.argv.includes('--quick');
const cases: { name: string; s: TwoWWState; side: Side; support: boolean }[] = FIXED_COMBATS.map((c) => ({ name: c.name, s: declaredCombat(c), side: c.side, support: c.support.length > 0 }));
for (const x of positions.combats as unknown as { features: string[]; seq: number; seat: Side; hex: string; position: Json }[]) {
  cases.push({ name: `campaign (${positions.source.split(" ").at(-1)}) action ${x.seq} (${x.features.join(', ')} at ${x.hex})`, s: Game.create(twoWW, 'campaign-1939', {}, 'odds', x.position).state, side: x.seat, support: x.features.includes('support battle') });
}
// The browser's preview (#21, bench/web.bench.ts): quick set-up, GE 4th infantry and GE 1st air attack 2405.
{
  let s = setupGame(twoWW, 'campaign-1939', { quickSetup: true }, 'web').state;
  const choose = (label: RegExp) => {
    const p = prompts(twoWW, s).find((x) => x.seat === 'axis')!;
    s = applyAction(twoWW, s, 'axis', allChoices(twoWW, s, p).find((c) => label.test(c.label))!.action).state;
  };
  for (const l of [/^Move GE 4th infantry to 2305\b/, /^End the movement phase$/, /^Land attack on 2405\b/, /^Add GE 4th infantry/]) choose(l);
  cases.push({ name: 'web preview: GE 4th infantry on 2405 (quick set-up)', s, side: 'axis', support: false });
  choose(/^Add GE 1st air/);
  cases.push({ name: 'web preview: GE 4th infantry + GE 1st air on 2405 (quick set-up)', s, side: 'axis', support: false });
}
for (const c of cases) {
  const s = c.s;
  const times: number[] = [];
  let r;
  for (let i = 0, spent = 0; i < 15 && (i < 3 || spent < 1000); i++) {
    const t0 = cpuMs();
    r = combatOdds(twoWWPackage, s, c.side, { type: 'confirm' });
    times.push(cpuMs() - t0);
    spent += times.at(-1)!;
  }
  const med = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
  let line = `${c.name}: calculator (${r!.method}${r!.fallback ? `, ${r!.fallback}` : ''}) ${r!.stats.applies} runs, median ${med.toFixed(1)} ms`;
  if (!quick || !c.support) {
    const t0 = cpuMs();
    const e = enumerateCombat(twoWW, twoWWOdds, s, c.side, { type: 'confirm' });
    const t = cpuMs() - t0;
    const flat = (xs: [string, string][]) => xs.sort().join(';');
    const same = flat([...e.dist.entries()].map(([k, v]) => [k, v.p.toString()])) === flat(r!.outcomes.map((o) => [o.key, o.exact]));
    line += `; enumeration ${e.stats.applies} runs, ${t.toFixed(0)} ms; ${same ? 'same exact distribution' : 'DIFFERENT DISTRIBUTIONS'}`;
  }
  console.log(`${line}; P(win) ${r!.summary.pWinExact}`);
}
