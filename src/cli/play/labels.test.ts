// How the terminal words a choice's places and a group's counter details, on a small area game of its own: a place
// appended to a line says which end of the move it is, and a group's label is not followed by what it already says.
import { describe, expect, it } from 'vitest';
import { Game, type Assets, type BaseState, type PieceView, type Ruleset } from '../../engine/index.ts';
import { makeStyle } from './render.ts';
import { PlaySession } from './session.ts';

const area = (name: string) => ({ name, kind: 'land', polygons: [[[0, 0], [1, 0], [1, 1]]], label: [0, 0] });

const PIECES: PieceView[] = [
  { id: 'air-1', where: 'east', side: 'axis', power: 'germany', type: 'air', factors: [3] },
  { id: 'inf-1', where: 'bnl', side: 'axis', power: 'germany', type: 'inf', factors: [2] },
  { id: 'ftr-1', where: 'calais', side: 'axis', power: 'germany', type: 'fighter', factors: [4, 3, 4] },
  { id: 'arm-1', where: 'bnl', side: 'axis', power: 'germany', type: 'arm', factors: [4], reduced: true },
];

const landing: Ruleset<BaseState> = {
  id: 'landing',
  title: 'Landing (a session test)',
  rulesVersion: '1',
  seats: ['axis'],
  scenarios: [{ id: 'one', name: 'One', description: 'Aircraft land', seats: ['axis'] }],
  options: [],
  setup: () => ({ stack: [{ proc: 'land' }] }),
  procedures: {
    land: {
      prompts: () => [{
        seat: 'axis', rule: 'Landing 1', kind: 'land', text: 'Land the aircraft.',
        choices: [
          { action: { type: 'land', to: 'austria' }, label: 'Air 3 to Austria', refs: { units: ['air-1'], from: 'east', place: 'austria' } },
          { action: { type: 'land', to: 'east' }, label: 'Air 3 stays', refs: { units: ['air-1'], from: 'east', place: 'east' } },
          { action: { type: 'done' }, label: 'Done' },
        ],
        groups: [
          { key: 'inf-1', label: 'BNL: Inf 2', refs: { units: ['inf-1'] } },
          { key: 'ftr-1', label: 'German fighter 4*-4/3 at Calais', refs: { units: ['ftr-1'] } },
          { key: 'arm-1', label: 'Arm 5 in BNL', refs: { units: ['arm-1'] } },
        ],
      }],
      choicesIn: () => [],
      act(ctx) { ctx.end({ winner: 'axis', result: 'landed', rule: 'Landing 2' }); },
    },
  },
  view: () => ({}),
  boardView: () => ({ pieces: PIECES, markers: [], control: {} }),
  assets: () => ({ board: { areas: { east: area('East Poland'), austria: area('Austria'), bnl: area('BNL'), calais: area('Calais') } } }) as unknown as Assets,
};

function shown(): string[] {
  const lines: string[] = [];
  const game = Game.create(landing, 'one', {}, 'landing-1');
  const s = new PlaySession({
    game, controllers: { axis: { kind: 'human' } }, out: (l) => lines.push(l), style: makeStyle(false), width: 60, budgetMs: 100,
  });
  const p = s.pending();
  if (p.kind !== 'human') throw new Error('the axis decides');
  s.showTurn(p.prompt);
  return lines;
}

describe('play session: the question', () => {
  it('a question longer than the width wraps, its rule case last', () => {
    const lines = shown();
    expect(lines).toContain('axis decides: Land the aircraft. [Landing 1]');
    const long = { ...landing, procedures: { land: { ...landing.procedures.land!, prompts: (s: BaseState, f: never) =>
      landing.procedures.land!.prompts!(s, f).map((p) => ({ ...p, text: 'Moving stack: Blucher, German light cruisers, German light cruisers, German destroyers, German destroyers; add ships or move' })) } } };
    const out: string[] = [];
    const s = new PlaySession({ game: Game.create(long, 'one', {}, 'l'), controllers: { axis: { kind: 'human' } }, out: (l) => out.push(l), style: makeStyle(false), width: 60, budgetMs: 100 });
    const p = s.pending();
    if (p.kind !== 'human') throw new Error('the axis decides');
    s.showTurn(p.prompt);
    const at = out.findIndex((l) => l.startsWith('axis decides: '));
    expect(out.slice(at, at + 3)).toEqual([
      'axis decides: Moving stack: Blucher, German light cruisers,',
      '  German light cruisers, German destroyers, German',
      '  destroyers; add ships or move [Landing 1]',
    ]);
  });
});

describe('play session: places and counter details on a line', () => {
  it('BKG 6.1.1: where aircraft start is said as "from", never as a bare place that reads as the destination', () => {
    const lines = shown();
    expect(lines).toContain('  4) Air 3 to Austria (from East Poland)');
    expect(lines).toContain('  5) Air 3 stays (East Poland)'); // the place it is about; no "from" the same place
  });

  it('a group\'s label is followed only by what the counter adds: no factors said twice, in any notation', () => {
    const lines = shown();
    expect(lines).toContain('  1) BNL: Inf 2 >');
    expect(lines).toContain('  2) German fighter 4*-4/3 at Calais >');
    expect(lines).toContain('  3) Arm 5 in BNL (4, reduced) >');
  });
});
