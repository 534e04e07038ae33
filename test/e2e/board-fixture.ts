// A synthetic board in the board contract (src/engine/board.ts): a 35x17 map, six powers, 120 counters, and a
// movement prompt whose choices say what they point at (refs). Serves the map test with a mocked API: no rule set.
import { readFileSync, existsSync } from 'node:fs';
import { extname, join } from 'node:path';
import type { Page, Route } from 'playwright-core';
import type { Json } from '../../src/engine/types.ts';
import type { Assets, BoardView, PieceView } from '../../src/engine/board.ts';

const id = (c: number, r: number) => String(c).padStart(2, '0') + String(r).padStart(2, '0');

export const COLS = 35;
export const ROWS = 17;

export function fixtureAssets(): Assets {
  const hexes: NonNullable<Assets['board']['hex']>['hexes'] = {};
  const countries = ['fr', 'ge', 'pl', 'su'];
  for (let c = 1; c <= COLS; c++) {
    for (let r = 1; r <= ROWS; r++) {
      const sea = c <= 3 || r >= 15 || (c > 12 && c < 18 && r > 11);
      const country = countries[Math.min(3, Math.floor((c - 4) / 8))]!;
      const terrain = (c * 7 + r * 3) % 11 === 0 ? 'forest' : (c * 5 + r) % 13 === 0 ? 'mountain' : (c + r * 7) % 17 === 0 ? 'marsh' : 'clear';
      hexes[id(c, r)] = sea ? { kind: 'sea' } : { kind: 'land', terrain, country };
    }
  }
  hexes['0805'] = { kind: 'land', terrain: 'clear', country: 'fr', city: { name: 'Paris', capital: true, production: true } };
  hexes['1406'] = { kind: 'land', terrain: 'clear', country: 'ge', city: { name: 'Berlin', capital: true, production: true } };
  hexes['0410'] = { kind: 'land', terrain: 'clear', country: 'fr', city: { name: 'Brest', port: true } };
  hexes['2907'] = { kind: 'land', terrain: 'clear', country: 'su', city: { name: 'Moscow', capital: true, production: true, fort: true } };
  const hexsides: Record<string, { features: string[] }> = {};
  for (let r = 2; r <= 12; r++) hexsides[`${id(11, r)}/${id(12, r)}`] = { features: ['river'] };
  hexsides['0414/0415'] = { features: ['strait'] };
  return {
    board: {
      hex: { sheets: [{ prefix: '', cols: [1, COLS], rows: [1, ROWS], offset: 'odd-down' }], hexes, hexsides },
      boxes: [
        { id: 'atlantic-ocean', name: 'Atlantic (ocean)', kind: 'sea', connects: ['west map edge'] },
        { id: 'atlantic-land', name: 'Atlantic (USA)', kind: 'land' },
      ],
      tracks: [{ id: 'turn', name: 'Turn', kind: 'turn', cells: ['Autumn 1939', 'Winter 1939', 'Spring 1940', 'Summer 1940'].map((l, i) => ({ id: String(i + 1), label: l })) }],
      countries: { fr: { name: 'France' }, ge: { name: 'Germany' }, pl: { name: 'Poland' }, su: { name: 'Soviet Union' } },
    },
    counters: {
      powers: {
        ge: { name: 'Germany', side: 'axis', color: '#8e9aa6', abbr: 'GE' },
        it: { name: 'Italy', side: 'axis', color: '#b9c98a', abbr: 'IT' },
        fr: { name: 'France', side: 'allies', color: '#8fb5e0', abbr: 'FR' },
        gb: { name: 'Britain', side: 'allies', color: '#e8d08a', abbr: 'GB' },
        su: { name: 'Soviet Union', side: 'allies', color: '#e09a86', abbr: 'SU' },
        us: { name: 'United States', side: 'allies', color: '#a8c8a0', abbr: 'US' },
      },
      types: {
        inf: { name: 'infantry', symbol: 'infantry', domain: 'land' },
        arm: { name: 'armor', symbol: 'armor', domain: 'land' },
        air: { name: 'air', symbol: 'air', domain: 'air' },
        fleet: { name: 'fleet', symbol: 'fleet', domain: 'naval' },
        sub: { name: 'submarines', symbol: 'submarine', domain: 'naval' },
        fort: { name: 'fort', symbol: 'fort', domain: 'fort' },
      },
      units: {},
    },
    turns: ['Autumn 1939', 'Winter 1939', 'Spring 1940', 'Summer 1940', 'Autumn 1940', 'Winter 1940', 'Spring 1941'],
    reconstructed: [{ subject: 'Terrain', text: 'synthetic test board' }],
  };
}

/** 120 units: most on land hexes, some stacked, some in boxes and the force pool. */
export function fixturePieces(assets: Assets, allOnMap = false): PieceView[] {
  const pieces: PieceView[] = [];
  const land = Object.entries(assets.board.hex!.hexes).filter(([, h]) => h.kind === 'land').map(([k]) => k);
  const powers = ['ge', 'it', 'fr', 'gb', 'su', 'us'];
  const types = ['inf', 'inf', 'arm', 'air', 'inf', 'fleet', 'sub', 'fort'];
  const counters = assets.counters!;
  for (let i = 0; i < 120; i++) {
    const power = powers[i % powers.length]!;
    const type = types[i % types.length]!;
    const uid = `${power}-${type}-${i}`;
    counters.units![uid] = { power, type, name: String(1 + (i % 19)), full: type === 'fleet' ? [3, 1, 40] : [4 + (i % 3), 3], reduced: [2, 3] };
    const where = allOnMap ? land[(i * 37) % land.length]! : i >= 112 ? 'pool' : i >= 108 ? 'atlantic-ocean' : land[(i * 37) % land.length]!;
    const side = counters.powers[power]!.side;
    const p: PieceView = { id: uid, where, side, power, type };
    if (i % 5 === 0) p.reduced = true;
    if (i % 7 === 0) p.marks = ['ops-complete'];
    if (uid === 'ge-inf-0') { p.where = '1406'; delete p.reduced; delete p.marks; }
    if (i % 29 === 3) { p.marks = [...(p.marks ?? []), 'out-of-supply']; p.note = 'cut off from its supply source (test)'; }
    pieces.push(p);
  }
  counters.units!['ge-arm-x'] = { power: 'ge', type: 'arm', name: '1', full: [6, 5], reduced: [3, 5] };
  pieces.push({ id: 'ge-arm-x', where: '1406', side: 'axis', power: 'ge', type: 'arm' });
  return pieces;
}

export const FIXTURE_TOKEN = 'f1x7ure0000000000000000000000000';
/** The other seat of the same game, waiting for the AI (hard) that holds the Axis. */
export const FIXTURE_WAIT_TOKEN = 'f1x7ure0000000000000000000000001';
/** The waiting seat's page with a long status line that names nobody (ETO's, BKG's): the top bar's "to play" mark. */
export const FIXTURE_LONG_WAIT_TOKEN = 'fixture-long-wait';

export function fixturePlay(assets: Assets, allOnMap = false) {
  const pieces = fixturePieces(assets, allOnMap);
  const choices = [
    { action: { type: 'move', unit: 'ge-inf-0', to: '1405' }, label: 'Move GE 1 infantry to 1405', refs: { units: ['ge-inf-0'], place: '1405' } },
    { action: { type: 'move', unit: 'ge-inf-0', to: '1506' }, label: 'Move GE 1 infantry to 1506', refs: { units: ['ge-inf-0'], place: '1506' } },
    { action: { type: 'move', unit: 'ge-arm-x', to: '1306' }, label: 'Move GE 1 armor to 1306', refs: { units: ['ge-arm-x'], place: '1306' } },
    { action: { type: 'move', unit: 'ge-arm-x', to: '1306', mode: 'rail' }, label: 'Rail GE 1 armor to 1306', refs: { units: ['ge-arm-x'], place: '1306' } },
    { action: { type: 'attack', hex: '1606' }, label: 'Attack 1606', refs: { place: '1606' } },
    { action: { type: 'end-phase' }, label: 'End the movement phase' },
  ];
  const board: BoardView = { pieces, markers: [], control: { '0805': 'axis' }, turn: { index: 1, label: 'Autumn 1939' }, phase: 'Axis movement', activeSide: 'axis' };
  const view = {
    ruleset: 'fixture', scenario: 'test', seq: 3, outcome: null, status: 'Autumn 1939, Axis movement',
    prompt: { seat: 'axis', rule: '2WW 8.1', text: 'Move units or end the movement phase', kind: 'move', choices, context: { moved: [], hex: '1406' } },
    waitingFor: [{ seat: 'axis', text: 'Move units or end the movement phase', rule: '2WW 8.1' }],
    state: { note: 'the board comes from view.board' } as Json,
    board,
  };
  return {
    gameId: 'fixture', seat: 'axis', ruleset: 'fixture', scenario: 'test', status: 'running', outcome: null, serverResult: null,
    view, events: [{ text: 'Autumn 1939 begins', rule: '2WW 4.1', data: { turn: 'Autumn 1939' } },
      // A long citation, as A&A Europe's (the log must not grow a horizontal scroll bar).
      { text: 'United Kingdom bombs Germany', rule: 'AAE Conduct Combat: Strategic Bombing Raids, antiaircraft fire', data: { turn: 'Autumn 1939' } }], stateId: 3,
    seats: [], clocks: null, seedCommitment: '', undoable: 0, takeback: null,
  };
}

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html', '.map': 'application/json', '.svg': 'image/svg+xml' };

/** Serves the built client and a mocked API at `origin`; returns the actions the page posted. */
/** Exact odds the mocked server gives for the attack choice (index 4): three outcomes. */
export const FIXTURE_ODDS = {
  ruleset: 'fixture', seat: 'axis', action: { type: 'attack', hex: '1606' }, description: 'axis attacks 1606 (test)',
  outcomes: [
    { key: 'a', result: { attackerLosses: 0, defenderLosses: 2, winner: 'attacker' }, p: 1 / 3, exact: '1/3' },
    { key: 'b', result: { attackerLosses: 1, defenderLosses: 1, winner: null }, p: 1 / 3, exact: '1/3' },
    { key: 'c', result: { attackerLosses: 2, defenderLosses: 0, winner: 'defender' }, p: 1 / 3, exact: '1/3' },
  ],
  summary: { pWin: 1 / 3, pLose: 1 / 3, pNone: 1 / 3, expectedAttackerLosses: 1, expectedDefenderLosses: 1, pWinExact: '1/3' },
  stats: { applies: 1, rolls: 1, decisions: 0, memoHits: 0, leaves: 3 },
};

export async function serveFixture(page: Page, webRoot: string, opts: { allOnMap?: boolean; origin?: string } = {}): Promise<{ posted: unknown[]; url: string; waitUrl: string; longWaitUrl: string }> {
  const origin = opts.origin ?? 'http://127.0.0.1:9';
  const assets = fixtureAssets();
  const play = fixturePlay(assets, opts.allOnMap);
  const posted: unknown[] = [];
  const info = [{ id: 'fixture', title: 'Map fixture', rulesVersion: '1', seats: ['axis', 'allies'], seatNames: { axis: 'Axis', allies: 'Allies' }, scenarios: [{ id: 'test', name: 'Test', description: '', seats: ['axis', 'allies'] }], options: [], aiSeats: ['axis', 'allies'], odds: true, positions: false, rules: false }];
  const json = (route: Route, body: unknown) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });
  await page.route(`${origin}/**`, async (route) => {
    const u = new URL(route.request().url());
    if (u.pathname === '/api/rulesets/fixture/assets') return json(route, assets);
    if (u.pathname === '/api/rulesets') return json(route, info);
    if (u.pathname === `/api/play/${FIXTURE_TOKEN}/inspect`) {
      const q = JSON.parse(route.request().postData() ?? '{}') as { question: { kind: string; action?: { type: string } } };
      // Ending the phase loses a unit (an aircraft with nowhere to land): the preview says which.
      if (q.question.kind === 'preview' && q.question.action?.type === 'end-phase') {
        const piece = play.view.board.pieces.find((x) => x.id === 'ge-inf-0')!;
        return json(route, { stateId: 3, answer: { kind: 'preview', known: true, outcome: null, next: null, lost: [{ piece, count: 1 }] } });
      }
      if (q.question.kind === 'odds') return json(route, { stateId: 3, answer: { kind: 'odds', entries: [{ choice: 4, report: FIXTURE_ODDS }] } });
      if (q.question.kind === 'explain') return json(route, { stateId: 3, answer: { kind: 'explain', legal: false, rule: '2WW 5.1.1', message: 'a land unit may not move from one enemy ZOC to another (test)' } });
      return json(route, { stateId: 3, answer: { kind: 'preview', known: true, outcome: null, next: null } });
    }
    if (u.pathname === `/api/play/${FIXTURE_TOKEN}`) return json(route, play);
    if (u.pathname === `/api/play/${FIXTURE_WAIT_TOKEN}`) {
      return json(route, {
        ...play, seat: 'allies', view: { ...play.view, prompt: null },
        seats: [{ seat: 'axis', kind: 'ai', level: 3, connected: true }, { seat: 'allies', kind: 'human', connected: true }],
      });
    }
    if (u.pathname === `/api/play/${FIXTURE_LONG_WAIT_TOKEN}`) {
      return json(route, {
        // Several powers deciding at once, as in BKG's simultaneous phases.
        ...play, seat: 'allies', view: { ...play.view, prompt: null, status: 'Autumn 1939 (fair weather), first movement phase, offensives left 3 and 1; victory points 0 and 0',
          waitingFor: ['ge', 'su', 'fr'].map((seat) => ({ seat, text: 'Move units or end the movement phase', rule: '2WW 8.1' })) },
        seats: [{ seat: 'axis', kind: 'ai', level: 3, connected: true }, { seat: 'allies', kind: 'human', connected: true }],
      });
    }
    if (u.pathname === `/api/play/${FIXTURE_TOKEN}/action`) {
      posted.push(JSON.parse(route.request().postData() ?? 'null'));
      return json(route, { stateId: 4 });
    }
    if (u.pathname.startsWith('/api/')) return route.fulfill({ status: 404, contentType: 'application/json', body: '{"error":"not-found","message":"fixture"}' });
    const file = join(webRoot, u.pathname);
    if (u.pathname !== '/' && existsSync(file)) return route.fulfill({ status: 200, contentType: TYPES[extname(file)] ?? 'application/octet-stream', body: readFileSync(file) });
    return route.fulfill({ status: 200, contentType: 'text/html', body: readFileSync(join(webRoot, 'index.html')) });
  });
  return { posted, url: `${origin}/play/${FIXTURE_TOKEN}`, waitUrl: `${origin}/play/${FIXTURE_WAIT_TOKEN}`, longWaitUrl: `${origin}/play/${FIXTURE_LONG_WAIT_TOKEN}` };
}
