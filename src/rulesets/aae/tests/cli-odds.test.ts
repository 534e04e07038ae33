import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Game, allChoices, prompts } from '../../../engine/index.ts';
import { registerOddsCommand } from '../../../cli/odds-command.ts';
import { runCommand } from '../../../cli/testing.ts';
import { aae } from '../index.ts';

describe('theater odds on an A&A Europe game', () => {
  it('lists the battles of the combat phase with their odds, prints one in full, and takes an order of losses', async () => {
    const g = Game.create(aae, 'spring-1941', { bid: false }, 'cli-odds');
    g.act('germany', { type: 'done' });
    const pick = (re: RegExp) => allChoices(aae, g.state, prompts(aae, g.state)[0]!).find((c) => re.test(c.label))!.action;
    g.act('germany', pick(/all 6 infantry from Poland: attack East Poland/));
    g.act('germany', pick(/all 2 armour from Poland: attack East Poland/));
    g.act('germany', { type: 'end-phase' });
    const file = join(mkdtempSync(join(tmpdir(), 'aae-odds-')), 'game.json');
    writeFileSync(file, JSON.stringify(g.toLog()));
    const run = (args: string[]) => runCommand([registerOddsCommand], args);
    expect((await run(['odds', file])).out).toMatch(/^ +1 +fight the battle for East Poland: 2 armour, 6 infantry against 4 infantry: [\d.]+% to win/m);
    const full = (await run(['odds', file, '--choice', '1'])).out;
    expect(full).toMatch(/East Poland: 2 armour, 6 infantry against 4 infantry \(each side loses its cheapest units first/);
    const win = (out: string) => Number(/attacker wins ([\d.]+)%/.exec(out)![1]);
    const armourFirst = (await run(['odds', file, '--choice', '1', '--order', 'attacker=armour,infantry'])).out;
    expect(win(armourFirst)).toBeLessThan(win(full));
    await expect(run(['odds', file, '--choice', '1', '--order', 'tanks'])).rejects.toThrow(/--order tanks: write attacker=/);
  });
});
