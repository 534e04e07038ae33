// Hand-built positions with a clearly best decision: src/ai/positions/<ruleset>/*.json (format in docs/ai.md).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { actionKey, prompts, viewFor, type Action } from '../engine/index.ts';
import { twoWW } from '../rulesets/2ww/index.ts';
import { bindCombatWorld, rulesCombatWorld } from '../rulesets/2ww/combat/index.ts';
import { startAt, testPosition, testWorld } from '../rulesets/2ww/testing.ts';
import { chooseAction, type AiLevel } from './index.ts';


interface Position2WW {
  name: string;
  rule: string;
  why: string;
  world: Parameters<typeof testWorld>[0];
  turn: number;
  units: Record<string, unknown>;
  politics?: Record<string, unknown>;
  stack: { proc: string; [k: string]: unknown }[];
  /** Take every land unit as supplied (positions without capitals). */
  supplyAll?: boolean;
  levels: AiLevel[];
  expect: { action?: Action; not?: Action[] };
}

const dir = join(dirname(fileURLToPath(import.meta.url)), 'positions', '2ww');
const files = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();

describe('2WW positions with a clearly best decision', () => {
  for (const file of files) {
    const pos = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Position2WW;
    for (const level of pos.levels) {
      it(`${pos.rule} ${pos.name} (${level}, ${file})`, () => {
        bindCombatWorld(pos.supplyAll ? { ...rulesCombatWorld, landInSupply: () => true } : rulesCombatWorld);
        const w = testWorld(pos.world);
        const s = startAt(testPosition(w, { turn: pos.turn, units: pos.units as any, politics: pos.politics as any }), pos.stack as any);
        const p = prompts(twoWW, s)[0]!;
        const view = viewFor(twoWW, s, p.seat);
        const r = chooseAction({ ruleset: '2ww', seat: p.seat, level, view, prompt: view.prompt!, seed: file });
        if (pos.expect.action) expect(actionKey(r.action), r.explanation).toBe(actionKey(pos.expect.action));
        for (const bad of pos.expect.not ?? []) expect(actionKey(r.action), r.explanation).not.toBe(actionKey(bad));
      });
    }
  }
});
