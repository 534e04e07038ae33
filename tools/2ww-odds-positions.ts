// Picks land attacks from a seeded random 2WW campaign (the fuzz tests' player: random prompt, random choice) for
// the land-combat odds calculator's check (src/rulesets/2ww/land-combat-odds.test.ts): the first attacks met with
// each feature (support battle, fort, terrain shift, out-of-supply unit, several defenders, plain, invasion of a
// neutral), saved as positions at the moment the attacker confirms.
// Run: npx tsx tools/2ww-odds-positions.ts fuzz-3 > src/rulesets/2ww/odds-positions.json
import { allChoices, Game, prompts } from '../src/engine/index.ts';
import { createRng, nextInt } from '../src/engine/rng.ts';
import { twoWW } from '../src/rulesets/2ww/index.ts';
import { combatWorld } from '../src/rulesets/2ww/combat/index.ts';
import { eligibleSupport } from '../src/rulesets/2ww/combat/combat-phase.ts';
import { landUnitsIn } from '../src/rulesets/2ww/combat/land-combat.ts';
import { otherSide } from '../src/rulesets/2ww/combat/world.ts';
import { positionOfState } from '../src/rulesets/2ww/positions/convert.ts';
import type { TwoWWState } from '../src/rulesets/2ww/state.ts';

const seed = process.argv[2] ?? 'fuzz-3';
const game = Game.create(twoWW, 'campaign-1939', { quickSetup: true }, seed);
const pick = createRng(`player:${seed}`);
const wanted = ['support battle', 'fort', 'terrain', 'out of supply', 'several defenders', 'plain', 'invasion of a neutral'];
const found = new Map<string, number>();
const combats = new Map<number, { features: string[]; seq: number; seat: string; hex: string; position: unknown }>();

function features(s: TwoWWState): string[] {
  const f = s.stack.at(-1) as unknown as { side: 'axis' | 'allies'; hex: string; attackers: string[]; support: string[] };
  const w = combatWorld(s);
  const def = otherSide(f.side);
  // Attacking a neutral's army (5.3.1) is left to the enumeration: only that feature is recorded for it.
  if (w.invasionByAttack?.(s, f.side, f.hex)) return ['invasion of a neutral'];
  const defenders = landUnitsIn(s, f.hex, def);
  const out: string[] = [];
  if (f.support.length && eligibleSupport(s, def, f.hex, true).length) out.push('support battle');
  if (defenders.some((id) => w.facts(s, id).kind === 'fort')) out.push('fort');
  if (w.terrainShift(s, f.hex, f.attackers) !== 0) out.push('terrain');
  if ([...f.attackers, ...defenders].some((id) => w.facts(s, id).kind !== 'fort' && !w.landInSupply(s, id))) out.push('out of supply');
  if (defenders.length > 1) out.push('several defenders');
  if (!out.length) out.push('plain');
  return out;
}

while (!game.state.outcome && game.seq < 20_000 && found.size < wanted.length) {
  const ps = prompts(twoWW, game.state);
  const p = ps[nextInt(pick, ps.length)]!;
  const choices = allChoices(twoWW, game.state, p);
  const top = game.state.stack.at(-1) as unknown as { proc: string; step?: string; mode?: string; hex?: string };
  if (top.proc === 'combat-declare' && top.mode === 'land' && top.step !== 'defend' && choices.some((c) => c.action.type === 'confirm')) {
    const fs = features(game.state);
    if (fs.some((x) => !found.has(x))) {
      for (const x of fs) if (!found.has(x)) found.set(x, game.seq);
      combats.set(game.seq, { features: fs, seq: game.seq, seat: p.seat, hex: top.hex!, position: positionOfState(game.state) });
    }
  }
  game.act(p.seat, choices[nextInt(pick, choices.length)]!.action);
}
console.error(`${seed}: ${game.seq} actions; found ${[...found.keys()].join(', ')}`);
console.log(JSON.stringify({ source: `npx tsx tools/2ww-odds-positions.ts ${seed}`, combats: [...combats.values()] }));
