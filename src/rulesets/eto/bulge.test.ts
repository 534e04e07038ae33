import { describe, expect, it } from 'vitest';
import { fuzzGame, Game, promptFor } from '../../engine/index.ts';
import { bulgeResult, victoryPoints } from './bulge.ts';
import { movementPhase } from './movement-phase.ts';
import { unitPlaces } from './set-up.ts';
import { eto } from './index.ts';
import { attackFigures, type AttackFrame } from './land-attack.ts';
import { explainLandMove, hexWeather, landMap, landOf, moveOptions, suppliedHexes, zoneWeather } from './land.ts';
import type { EtoState } from './state.ts';
import { act, choicesFor, type Seat } from './testing.ts';

const choices = (g: Game<EtoState>, seat: Seat) => choicesFor(g.state, seat).map((c) => c.action);

/** Both sides deployed as the suggested set-up; the German side is asked for the first offensive. */
function deployed(seed = 'bulge'): Game<EtoState> {
  const g = Game.create(eto, 'bulge', {}, seed);
  act(g, 'allies', { type: 'suggested' });
  act(g, 'axis', { type: 'suggested' });
  return g;
}

describe('ETO scenario 3 Battle of the Bulge', () => {
  it('ETO scenario 3 [3.1] control: Allies hold France but W3122, Belgium, Luxembourg, W3521 and W3421', () => {
    const m = landMap('bulge-1944');
    expect(m.hexes['W3122']!.owner).toBe('axis');
    expect(m.hexes['W3121']!.owner).toBe('allies');
    expect(m.hexes['W3321']!.owner).toBe('allies'); // Bastogne, Belgium
    expect(m.hexes['W3221']).toMatchObject({ country: 'luxembourg', owner: 'allies' });
    expect(m.hexes['W3521']!.owner).toBe('allies');
    expect(m.hexes['W3421']!.owner).toBe('allies');
    expect(m.hexes['W3520']!.owner).toBe('axis'); // Rotterdam, Netherlands
    expect(m.hexes['W3519']).toMatchObject({ name: 'Antwerp', owner: 'allies', port: 'major' });
    expect(m.hexes['W3419']).toMatchObject({ name: 'Brussels', feature: 'city-resource' });
  });

  it('ETO scenario 3 [3.1] at most two Allied infantry in the 32xx and 33xx hexrows, no armor there', () => {
    const g = Game.create(eto, 'bulge', {}, 's');
    const p = promptFor(eto, g.state, 'allies')!;
    expect(p.rule).toBe('ETO scenario 3 [3.1]');
    // Armor comes first: none of its hexes is in the 32xx or 33xx rows.
    const first = p.choices.find((c) => c.action.type === 'place')!.action;
    expect(String(first.unit)).toMatch(/armor/);
    expect(p.choices.some((c) => /^W3[23]/.test(String(c.action.hex)))).toBe(false);
    for (const h of ['W3118', 'W3118', 'W3119', 'W3119', 'W3120', 'W3120']) act(g, 'allies', { type: 'place', hex: h });
    // Infantry: two may go to the Ardennes rows, the third may not.
    act(g, 'allies', { type: 'place', hex: 'W3321' });
    act(g, 'allies', { type: 'place', hex: 'W3221' });
    const l = landOf(g.state);
    const next = Object.values(l.units).find((u) => u.where === 'setup' && u.kind === 'inf' && u.side === 'allies')!;
    expect(unitPlaces(l, next).some((h) => /^W3[23]/.test(h))).toBe(false);
  });

  it('ETO 1.1-1.4 weather: W is winter in the severe zone, mud in the moderate, fair in the mild and France-Germany zones', () => {
    expect(zoneWeather('W', 'severe')).toBe('winter');
    expect(zoneWeather('W', 'moderate')).toBe('mud');
    expect(zoneWeather('W', 'mild')).toBe('fair');
    expect(zoneWeather('W', 'mild-fg')).toBe('fair');
    expect(zoneWeather('M', 'severe')).toBe('mud');
    expect(zoneWeather('M', 'moderate')).toBe('fair');
    expect(zoneWeather('F', 'severe')).toBe('fair');
    const g = deployed();
    const l = landOf(g.state);
    expect(g.state.weather).toBe('W');
    expect(hexWeather(l, 'W', 'W3321')).toBe('fair'); // Bastogne: France-Germany mild zone (1.4, road net)
    expect(hexWeather(l, 'W', 'W3518')).toBe('mud'); // Dunkirk: moderate zone
  });

  it('ETO 1.2 a unit entering a mud hex moves at half its allowance (rounded up); 1.2 attacks on a mud hex get -1', () => {
    const g = deployed();
    const l = landOf(g.state);
    const inf = l.units['us-inf-9']!; // 6-4 in Lille W3418, next to Dunkirk W3518
    const wx = (h: string) => hexWeather(l, 'W', h);
    const fast = moveOptions(l, inf, 'W3418', 4);
    const slow = moveOptions(l, inf, 'W3418', 4, { weather: wx });
    expect(fast.find((o) => o.to === 'W3518')).toBeDefined();
    // Through Dunkirk the allowance is 2: no hex beyond reachable only through the mud hex.
    for (const o of slow) if (o.path.includes('W3518')) expect(o.path.length - 1).toBeLessThanOrEqual(2);
    expect(slow.length).toBeLessThanOrEqual(fast.length);
    // Defender in Dunkirk (mud): the attack figures carry -1.
    const s = structuredClone(g.state);
    const ls = landOf(s);
    ls.units['us-inf-9']!.hex = 'W3518';
    ls.units['de-inf-4']!.hex = 'W3417';
    ls.control['W3417'] = 'axis';
    const f = { proc: 'land-attack', attackers: ['de-inf-4'], target: 'W3518', step: 'combat', stage: 'resolve', airIn: [], aborted: [], round: 1, attackerSteps: 0, retreat: 0, result: '', defSteps: 0, advanced: [], cleared: false, side: 'axis' } as AttackFrame;
    const fig = attackFigures(s, f);
    expect(fig.notes).toContain('mud -1');
    s.weather = 'F';
    expect(attackFigures(s, f).notes).not.toContain('mud -1');
    // 25.6: a general stacked with an attacker adds to the attack strength, not to the die.
    Object.assign(ls.units['manteuffel']!, { where: 'map', hex: 'W3417' });
    const withGeneral = attackFigures(s, { ...f, attackers: ['de-inf-4', 'manteuffel'] });
    expect([withGeneral.attack - fig.attack, withGeneral.strengthNotes]).toEqual([3, ['General Manteuffel +3']]);
    expect(withGeneral.notes).toEqual(attackFigures(s, f).notes);
  });

  it('ETO 25.2, 1.2, 24.0 a refused move names the rule: past an enemy ZOC, through mud, beyond the allowance, onto enemy units', () => {
    const s = structuredClone(deployed().state);
    const l = landOf(s);
    l.units['de-inf-4']!.hex = 'W3317';
    l.control['W3317'] = 'axis';
    const inf = l.units['us-inf-9']!; // 6-4 in Lille W3418
    const mud = { weather: (h: string) => hexWeather(l, 'W', h) };
    expect(explainLandMove(l, inf, 'W3418', 4, {}, 'W3216')?.rule).toBe('ETO 25.2');
    expect(explainLandMove(l, inf, 'W3418', 4, mud, 'W3619')?.rule).toBe('ETO 1.2, 1.3');
    expect(explainLandMove(l, inf, 'W3418', 4, {}, 'W2916')?.rule).toBe('ETO 24.0');
    expect(explainLandMove(l, inf, 'W3418', 4, {}, 'W3317')?.message).toMatch(/enemy land units/);
    expect(explainLandMove(l, inf, 'W3418', 4, {}, 'W3417')).toBeNull();
    // The Movement phase's refusal carries the rule.
    expect(movementPhase.explain!(s, { proc: 'movement-phase', side: 'allies', moved: [] }, 'allies', { type: 'move', unit: 'us-inf-9', to: 'W3216' })).toMatchObject({ rule: 'ETO 25.2' });
  });

  it('ETO 28.1-28.3 breakthrough: Manteuffel\'s heavy armor takes Bastogne (3-1, die 6: DE) and moves on under 25.3', () => {
    const g = deployed();
    act(g, 'axis', { type: 'offensive', method: 'hq', leader: 'hq-b' });
    act(g, 'axis', { type: 'hq-stay' });
    act(g, 'axis', { type: 'breakthrough', hex: 'W3322' });
    act(g, 'axis', { type: 'bt-stay' });
    // No air units in scenario 3: the attack resolves as it is declared.
    g.force([6]);
    act(g, 'axis', { type: 'bt-attack', target: 'W3321' });
    // 8 + 10 + Manteuffel 3 = 21 vs 6: 3-1; 6 -> DE.
    const l = landOf(g.state);
    expect(l.units['us-inf-1']!.where).not.toBe('map');
    act(g, 'axis', { type: 'advance', unit: 'de-heavy-1' });
    act(g, 'axis', { type: 'done' }); // the other armor stays in W3322
    expect(landOf(g.state).units['manteuffel']!.hex).toBe('W3321');
    expect(landOf(g.state).units['manteuffel']!.eligible).toBe(false); // 28.5
    const moves = choices(g, 'axis').filter((a) => a.type === 'bt-move').map((a) => a.to);
    // Starting in enemy ZOC (Liege, Luxembourg), armor may move only one hex into another ZOC hex (25.3).
    expect(moves).toContain('W3320');
    expect(moves).not.toContain('W3319');
    // A move to the next hex says no path ("Move to Namur (W3320)", not "... via W3320").
    const labels = choicesFor(g.state, 'axis').filter((c) => c.action.type === 'bt-move').map((c) => c.label);
    expect(labels).toContain('Move to Namur (W3320)');
    for (const x of labels) expect(x).not.toMatch(/ via [WE]\d{4}$/);
    act(g, 'axis', { type: 'bt-move', to: 'W3320' });
    act(g, 'allies', { type: 'no-reaction' }); // 26.5: leaving Bastogne in the ZOC of US armor in W3420
    expect(landOf(g.state).units['de-heavy-1']!.hex).toBe('W3320');
    expect(landOf(g.state).control['W3320']).toBe('axis');
  });

  it('ETO 28.4 a breakthrough attack that does not clear the hex must be repeated in the Combat step', () => {
    const g = deployed();
    act(g, 'axis', { type: 'offensive', method: 'hq', leader: 'hq-b' });
    act(g, 'axis', { type: 'hq-stay' });
    act(g, 'axis', { type: 'breakthrough', hex: 'W3322' });
    act(g, 'axis', { type: 'bt-stay' });
    act(g, 'axis', { type: 'bt-cancel' });
    act(g, 'axis', { type: 'done' }); // end the Breakthrough step
    act(g, 'axis', { type: 'done' }); // no movement
    act(g, 'axis', { type: 'hq-stay' });
    act(g, 'axis', { type: 'done' }); // step 3-D: no more units activated
    const c = choices(g, 'axis');
    expect(c.filter((a) => a.type === 'declare').map((a) => a.target)).toEqual(['W3321']);
    expect(c.some((a) => a.type === 'done')).toBe(false);
  });

  it('ETO 22.0 step 3-D: units in the HQ radius may still be activated after step 3-C, and only activated units attack', () => {
    const g = deployed();
    act(g, 'axis', { type: 'offensive', method: 'hq', leader: 'hq-b' });
    act(g, 'axis', { type: 'hq-stay' });
    act(g, 'axis', { type: 'done' }); // no breakthrough
    act(g, 'axis', { type: 'done' }); // no movement, nobody activated yet
    act(g, 'axis', { type: 'hq-stay' });
    const c = choices(g, 'axis');
    expect(c[0]).toEqual({ type: 'activate-all' });
    expect(c.some((a) => a.type === 'activate' && a.unit === 'de-heavy-1')).toBe(true);
    act(g, 'axis', { type: 'activate', unit: 'de-heavy-1' });
    expect(choices(g, 'axis').some((a) => a.unit === 'de-heavy-1')).toBe(false);
    act(g, 'axis', { type: 'done' });
    act(g, 'axis', { type: 'declare', target: 'W3321' });
    // The heavy armor is the only activated unit, so it is the only one that may join the attack.
    expect(choices(g, 'axis').filter((a) => a.type === 'add').map((a) => a.unit)).toEqual(['de-heavy-1']);
  });

  it('ETO 29.1-29.2 exploitation: armor that cleared a hex in step 4 and is stacked with an eligible general exploits his rating', () => {
    const g = deployed();
    act(g, 'axis', { type: 'offensive', method: 'hq', leader: 'hq-b' });
    act(g, 'axis', { type: 'hq-stay' });
    act(g, 'axis', { type: 'done' }); // no breakthrough
    act(g, 'axis', { type: 'activate', unit: 'de-heavy-1' });
    act(g, 'axis', { type: 'activate', unit: 'de-armor-1' });
    act(g, 'axis', { type: 'done' });
    act(g, 'axis', { type: 'hq-stay' });
    act(g, 'axis', { type: 'done' }); // step 3-D: no more units activated
    act(g, 'axis', { type: 'declare', target: 'W3321' });
    act(g, 'axis', { type: 'add', unit: 'de-heavy-1' });
    g.force([6]);
    act(g, 'axis', { type: 'go' });
    act(g, 'axis', { type: 'advance', unit: 'de-heavy-1' }); // the only attacker: the attack ends with its advance
    act(g, 'axis', { type: 'done' }); // end of the Combat step
    const f = g.state.stack[g.state.stack.length - 1]!;
    expect(f.stage).toBe('exploit-move');
    // Only the heavy armor that advanced with Manteuffel exploits; its allowance is his exploitation rating 4.
    expect(f.exploitMp).toEqual({ 'de-heavy-1': 4 });
    const moves = choices(g, 'axis').filter((a) => a.type === 'x-move');
    expect(moves.some((a) => a.to === 'W3320' && a.general === 'manteuffel')).toBe(true);
    // 1.2: no exploitation into mud (Dunkirk is the only mud hex of the theatre in W weather).
    expect(moves.some((a) => a.to === 'W3518')).toBe(false);
    act(g, 'axis', { type: 'x-move', unit: 'de-heavy-1', to: 'W3320', general: 'manteuffel' });
    act(g, 'allies', { type: 'no-reaction' }); // 26.5: leaving Bastogne in the ZOC of US armor in W3420
    act(g, 'axis', { type: 'done' });
    expect(choices(g, 'axis').some((a) => a.type === 'declare')).toBe(true);
  });

  it('ETO scenario 3 [3.2] two turns: January clears the OFF tracks and adds 4 Allied and 1 German; the game ends after its Supply step', () => {
    const g = deployed();
    expect(landOf(g.state).offensives).toEqual({ axis: 3, allies: 1 });
    act(g, 'axis', { type: 'pass' });
    act(g, 'allies', { type: 'pass' });
    act(g, 'axis', { type: 'done' });
    act(g, 'allies', { type: 'done' });
    expect(g.state.month).toBe('January');
    expect(g.state.year).toBe(1945);
    expect(landOf(g.state).offensives).toEqual({ axis: 1, allies: 4 });
    act(g, 'axis', { type: 'pass' });
    act(g, 'allies', { type: 'pass' });
    act(g, 'axis', { type: 'done' });
    expect(g.state.outcome).toBeNull();
    act(g, 'allies', { type: 'done' });
    expect(g.state.outcome).toEqual({ winner: null, result: 'Draw: equal victory points (VP German 0, Allied 0)', rule: 'ETO scenario 3 [3.3]' });
  });

  it('ETO scenario 3 [3.3] German automatic major victory: Brussels and Antwerp occupied and in supply', () => {
    const g = deployed();
    const s = structuredClone(g.state);
    const l = landOf(s);
    for (const u of Object.values(l.units)) if (u.side === 'allies') { u.where = 'force-pool'; u.hex = null; }
    l.units['de-inf-1']!.hex = 'W3419';
    l.units['de-inf-2']!.hex = 'W3519';
    for (const h of ['W3419', 'W3519', 'W3521']) l.control[h] = 'axis';
    expect(suppliedHexes(l, 'axis').has('W3519')).toBe(true);
    expect(bulgeResult(s).result).toMatch(/^German automatic major victory/);
    // Out of supply (Rotterdam and W3521 retaken by the Allies), Antwerp no longer counts.
    l.control['W3520'] = 'allies';
    l.control['W3521'] = 'allies';
    expect(bulgeResult(s).result).not.toMatch(/^German automatic major/);
  });

  it('ETO scenario 3 [3.3] victory points and the Allied major victory for three German armor eliminated', () => {
    const g = deployed();
    const s = structuredClone(g.state);
    const l = landOf(s);
    l.control['W3321'] = 'axis'; // Bastogne, a city: 2
    l.control['W3221'] = 'axis'; // Luxembourg, a city resource hex: 3
    l.control['W3220'] = 'axis'; // open: 1
    l.units['us-armor-1']!.depleted = true; // 2
    l.units['us-inf-1']!.where = 'force-pool'; // 1
    expect(victoryPoints(l, 'axis')).toBe(9);
    expect(bulgeResult(s).result).toBe('German minor victory (VP German 9, Allied 0)');
    for (const id of ['de-armor-1', 'de-armor-2', 'de-heavy-1']) l.units[id]!.where = 'force-pool';
    expect(victoryPoints(l, 'allies')).toBe(12);
    expect(bulgeResult(s)).toEqual({ winner: 'allies', result: 'Allied major victory: 3 German armor units eliminated (VP German 9, Allied 12)' });
  });

  it('ETO scenario 3 fuzz: 20 random games of the Bulge end without an exception, dead end or broken invariant', () => {
    for (let i = 0; i < 20; i++) {
      const r = fuzzGame(eto, { scenario: 'bulge', seed: `bulge${i}`, maxActions: 5000, invariantEvery: 3 });
      expect(r.failure?.message ?? 'ok', `game ${i}`).toBe('ok');
      expect(r.outcome).not.toBeNull();
    }
  }, 300_000);
});
