// Advanced 5.5, 8.7: the Japanese-Chinese limits on the land units that join an attack, for groups moving together.
import { describe, expect, it } from 'vitest';
import { choicesIn } from '../../engine/index.ts';
import { bkg } from './index.ts';
import { createUnit } from './politics.ts';
import { advancedAxisMovement } from './testing.ts';

describe('BKG advanced 5.5 Japanese-Chinese limits', () => {
  it('a group attacking China takes no more Japanese land units than the limit has left (fuzz seed j25a-2 offered five)', () => {
    const p = advancedAxisMovement((s) => {
      s.jpch = { limit: 3, used: { japan: 1, china: 0 }, target: { japan: null, china: null } };
      for (let i = 0; i < 5; i++) createUnit(s, 'japan', 'inf', 3, 'peking');
    });
    const land = (ids: string[]) => ids.filter((id) => ['inf', 'arm'].includes(p.s.units[id]!.type));
    const groups = choicesIn(bkg, p.s, 'japan', 'peking').filter((c) => c.action.type === 'move' && c.action.to === 'pakoe' && (c.action.units as string[]).length > 1);
    expect(groups.length).toBeGreaterThan(0);
    for (const g of groups) expect(land(g.action.units as string[]).length).toBeLessThanOrEqual(2);
    const all = groups.find((g) => g.label.startsWith('All that can'))!;
    p.act('japan', all.action);
    expect(p.s.jpch.used.japan).toBe(3);
    expect(p.s.jpch.target.japan).toBe('pakoe');
  });
});
