import { describe, expect, it } from 'vitest';
import { oddsByChoice } from './odds.ts';
import { actionKey } from '../../engine/kernel.ts';
import type { Choice } from '../../engine/types.ts';

const choices: Choice[] = [
  { action: { type: 'attack', hex: '2214' }, label: 'Attack 2214' },
  { action: { type: 'attack', hex: '2315' }, label: 'Attack 2315' },
  { action: { type: 'done' }, label: 'Done' },
];

describe('context.odds hook for combat declarations (shown before committing)', () => {
  it('reads entries that name their choice by index or by action', () => {
    const m = oddsByChoice(choices, {
      odds: [
        { choice: 1, outcomes: [{ label: 'DE', p: 0.5 }, { label: 'AR', p: 0.5 }] },
        { action: { hex: '2214', type: 'attack' }, outcomes: [{ label: 'EX', p: 1 }], summary: '2:1' },
      ],
    });
    expect(m.get(1)!.outcomes.map((o) => o.label)).toEqual(['DE', 'AR']);
    expect(m.get(0)!.summary).toBe('2:1');
    expect(m.has(2)).toBe(false);
  });
  it('reads an object keyed by the canonical action text', () => {
    const m = oddsByChoice(choices, { odds: { [actionKey(choices[0]!.action)]: { outcomes: [{ label: 'DR', p: 1 }] } } });
    expect(m.get(0)!.outcomes[0]).toEqual({ label: 'DR', p: 1 });
  });
  it('is empty without odds', () => {
    expect(oddsByChoice(choices, { units: [] }).size).toBe(0);
    expect(oddsByChoice(choices, undefined).size).toBe(0);
  });
});
