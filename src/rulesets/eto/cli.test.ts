// The three ETO scenarios played to their end from the command line (`theater play eto`, hot-seat: both seats at
// this keyboard), Case White against a Polish player and against an AI Polish seat, which plays the scenario's
// solitaire Poles. The decisions are worked out first on the kernel with a fixed preference order; the CLI then
// receives them as typed `{JSON}` lines.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Game, prompts, stateHash, type GameLog, type Options, viewFor } from '../../engine/index.ts';
import { playScript } from '../../cli/play/testing.ts';
import { eto } from './index.ts';
import { solitairePoland } from './scripted.ts';
import type { EtoState } from './state.ts';

const END = /\b(end|pass|done|no|decline|skip|finish)\b/i;
const dir = mkdtempSync(join(tmpdir(), 'theater-eto-cli-'));

interface Plan {
  name: string;
  scenario: string;
  options: Options;
  /** An AI seat (the solitaire Poles in Case White). */
  ai?: 'allies';
  prefer: RegExp[];
  result: RegExp;
}

const PLANS: Plan[] = [
  { name: 'sink-the-bismarck', scenario: 'sink-the-bismarck', options: {}, prefer: [END], result: /victory|draw/i },
  {
    name: 'case-white (solitaire Poland)', scenario: 'case-white', options: {}, ai: 'allies',
    prefer: [/example of play/i, /^Combined offensive/, /^Armor in/, /^Stay in/, /^Attack /, /^Resolve the attack/, END],
    result: /(German|Polish) (major|minor) victory/,
  },
  {
    name: 'case-white (Polish player)', scenario: 'case-white', options: {},
    prefer: [/example of play/i, /^Combined offensive/, /^Armor in/, /^Stay in/, /^Attack /, /^Resolve the attack/, END],
    result: /(German|Polish) (major|minor) victory/,
  },
  { name: 'bulge', scenario: 'bulge', options: {}, prefer: [/suggested set-up/i, END], result: /victory|draw/i },
];

/**
 * The decisions the CLI will be given: at each point the prompt the CLI shows first, answered by preference, or
 * (`random`) by a seeded pseudo-random pick among the listed choices, which reaches offensives and combat.
 */
function decisions(plan: Plan, seed: string, random: boolean): { lines: string[]; game: Game<EtoState> } {
  const g = Game.create(eto, plan.scenario, plan.options, seed);
  const lines: string[] = [];
  let x = 0;
  for (const ch of seed) x = (Math.imul(x, 31) + ch.charCodeAt(0)) >>> 0;
  const next = () => (x = (Math.imul(x, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  while (!g.state.outcome) {
    if (lines.length > 2000) throw new Error(`${plan.name}: no end after 2000 decisions`);
    const p = prompts(eto, g.state)[0];
    if (!p) throw new Error(`${plan.name}: nobody can act`);
    if (p.seat === plan.ai) { g.act(p.seat, solitairePoland.choose(viewFor(eto, g.state, p.seat), p, p.seat)!); continue; }
    const c = random ? p.choices[Math.floor(next() * p.choices.length)]!
      : plan.prefer.map((re) => p.choices.find((ch) => re.test(ch.label))).find((ch) => ch) ?? p.choices[0]!;
    g.act(p.seat, c.action);
    lines.push(JSON.stringify(c.action));
  }
  return { lines, game: g };
}

describe('theater play eto: the three scenarios to their end, hot-seat', () => {
  for (const plan of PLANS) for (const random of [false, true]) {
    it(`ETO ${plan.name}, ${random ? 'random' : 'preferred'} choices: played from the command line to its outcome; the saved log has the kernel's final state hash`, async () => {
      const seed = `cli-${plan.scenario}-${random ? 'random' : 'prefer'}`;
      const { lines, game } = decisions(plan, seed, random);
      const out = join(dir, `${seed}-${plan.ai ?? 'hot-seat'}.json`);
      const r = await playScript({ ruleset: 'eto', scenario: plan.scenario, options: plan.options, seed, out, seats: plan.ai ? [`${plan.ai}=ai`] : [] }, lines, 120);
      expect(r.out).toMatch(plan.ai ? /Seats: axis human, allies AI/i : /Seats: axis human, allies human/);
      expect(r.out).toMatch(new RegExp(`Game over: .*(?:${plan.result.source})`, plan.result.flags));
      expect(r.out).toContain(`Game over: ${game.state.outcome!.result}`);
      expect(r.code).toBe(0);
      const log = JSON.parse(readFileSync(out, 'utf8')) as GameLog;
      expect(log.entries.filter((e) => 'action' in e && e.seat === 'axis').length).toBe(plan.ai ? lines.length : game.played.filter((p) => p.seat === 'axis').length);
      expect(log.entries[log.entries.length - 1]!.hash).toBe(stateHash(game.state));
      if (plan.scenario === 'case-white') expect(log.entries.some((e) => 'seat' in e && e.seat === 'allies')).toBe(true);
    }, 120_000);
  }
});
