// The position editor (/editor, docs/positions.md): place, remove and flip units, set markers, control, politics,
// turn and phase; the rule set's own validation runs on every change; save the file or start play from it.
import { useEffect, useMemo, useState } from 'preact/hooks';
import { setupGame } from '../../engine/kernel.ts';
import type { DataProblem, Json } from '../../engine/types.ts';
import { api } from '../api.ts';
import { BoardPane } from '../game/board-pane.tsx';
import { readBoardView } from '../map/board-data.ts';
import { loadAssets, navigate, type LoadedAssets } from '../nav.ts';
import { rememberCreatedGame, rememberToken } from '../storage.ts';
import { boardState, editable, fleetsAt, moveUnit, problemsByUnit, setControl, setUnit, type Position } from './editor-model.ts';
import { EDITOR_CSS } from './editor-css.ts';

/** The rule set's browser-safe code, loaded only when the editor opens (it carries the map and counters). */
async function loadRules() {
  const [{ twoWW }, positions] = await Promise.all([
    import('../../rulesets/2ww/index.ts'),
    import('../../rulesets/2ww/positions/index.ts'),
  ]);
  const initial = (): Position => {
    const s = setupGame(twoWW, 'campaign-1939', { quickSetup: true }, 'editor').state;
    return editable(positions.positionOfState(s));
  };
  return { twoWW, positions, initial };
}
type Rules = Awaited<ReturnType<typeof loadRules>>;

const PLACES = ['pool', 'eliminated', 'removed', 'future'];
const SIDES = ['axis', 'allies'] as const;

function download(name: string, value: unknown): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(value, null, 1) + '\n'], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function EditorScreen() {
  const [rules, setRules] = useState<Rules | null>(null);
  const [loaded, setLoaded] = useState<LoadedAssets | null>(null);
  const [pos, setPos] = useState<Position | null>(null);
  const [unit, setUnitSel] = useState<string | null>(null);
  const [hex, setHex] = useState<string | null>(null);
  const [filter, setFilter] = useState('');
  const [err, setErr] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    Promise.all([loadRules(), loadAssets('2ww')]).then(([r, a]) => {
      setRules(r);
      setLoaded(a);
      setPos(r.initial());
    }, (e: Error) => setErr(`Cannot load the editor: ${e.message}`));
  }, []);

  const problems: DataProblem[] = useMemo(() => (rules && pos ? rules.positions.validatePosition(pos) : []), [rules, pos]);
  const byUnit = useMemo(() => (pos ? problemsByUnit(pos, problems) : new Map<string, DataProblem[]>()), [pos, problems]);
  const board = useMemo(() => (pos && loaded ? readBoardView(boardState(pos), loaded.assets) : null), [pos, loaded]);

  if (err && !pos) return <div class="page"><p class="error">{err}</p></div>;
  if (!rules || !loaded || !pos || !board) return <div class="page"><p class="muted">Loading the editor…</p></div>;

  const manifest = loaded.assets.counters?.units ?? {};
  const isSurfaceFleet = (id: string) => manifest[id]?.type === 'surface-fleet';
  const selected = unit ? pos.units.find((u) => u.id === unit) : undefined;
  const hexInfo = hex ? loaded.assets.map?.hexes[hex] : undefined;
  const isCity = !!(hexInfo && (hexInfo as { city?: unknown }).city);

  const onHex = (id: string) => {
    if (unit) {
      setPos(moveUnit(pos, unit, id));
      setHex(id);
      return;
    }
    setHex(id);
  };
  const onUnit = (id: string, where: string) => {
    setUnitSel(unit === id ? null : id);
    setHex(where);
  };
  const openFile = async (f: File) => {
    try {
      const raw = JSON.parse(await f.text()) as Position;
      setPos(raw);
      setErr(null);
    } catch (e) {
      setErr(`${f.name} is not a JSON position: ${(e as Error).message}`);
    }
  };
  const play = async () => {
    setBusy(true);
    setErr(null);
    try {
      const r = await api.createGame({
        ruleset: '2ww', position: pos as unknown as Json, seats: { axis: { kind: 'human' }, allies: { kind: 'human' } },
      });
      for (const s of Object.keys(r.seats)) rememberToken({ token: r.seats[s]!.token, gameId: r.gameId, seat: s, ruleset: '2ww' });
      rememberCreatedGame(r);
      // Open the seat the game waits for (hot-seat: the game screen switches seats from there on).
      const first = (await api.play(r.spectator.token)).view.waitingFor[0]?.seat;
      navigate(`/play/${(r.seats[first ?? 'axis'] ?? r.seats.axis)!.token}`);
    } catch (e) {
      setErr((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const politics = { ...pos.politics };
  const setPolitics = (k: string, v: Json) => setPos({ ...pos, politics: { ...pos.politics, [k]: v } as Position['politics'] });
  const shown = pos.units.filter((u) => !filter || u.id.includes(filter) || u.at.includes(filter));

  return (
    <div class="page editor" data-testid="editor">
      <style>{EDITOR_CSS}</style>
      <header class="editor-bar">
        <a href="/" onClick={(e) => { e.preventDefault(); navigate('/'); }}>Theater</a>
        <b>Position editor · 2WW</b>
        <span class={problems.length ? 'bad' : 'good'} data-testid="problem-count">
          {problems.length ? `${problems.length} problem(s)` : 'valid position'}
        </span>
        <button onClick={() => download('position.json', pos)} data-testid="save">Save file</button>
        <label class="file">Open file
          <input type="file" accept=".json,application/json" data-testid="open" onChange={(e) => { const f = (e.target as HTMLInputElement).files?.[0]; if (f) void openFile(f); }} />
        </label>
        <button onClick={() => { setPos(rules.initial()); setUnitSel(null); }}>Reset to the 1939 set-up</button>
        <button class="primary" disabled={busy || problems.length > 0} onClick={() => void play()} data-testid="play">Play from here</button>
      </header>
      {err && <p class="error" onClick={() => setErr(null)}>{err}</p>}
      <div class="editor-grid">
        <div class="editor-board">
          <BoardPane assets={loaded.assets} geo={loaded.geo} board={board} state={boardState(pos)}
            activeUnits={new Set(byUnit.keys())} selectedUnit={unit} selectedHex={hex} highlights={new Set()}
            expandedHex={hex} showIds={true} onHex={onHex} onUnit={onUnit} />
        </div>
        <aside class="editor-side">
          <section>
            <h3>Turn and phase</h3>
            <label>Turn <input type="number" min={1} max={23} value={pos.turn} data-testid="turn"
              onInput={(e) => setPos({ ...pos, turn: Number((e.target as HTMLInputElement).value) })} /></label>
            <label>Phase <select value={pos.phase} data-testid="phase" onChange={(e) => setPos({ ...pos, phase: (e.target as HTMLSelectElement).value as Position['phase'] })}>
              {rules.positions.PHASES.filter((p) => p !== 'setup').map((p) => <option key={p} value={p}>{p}</option>)}
            </select></label>
          </section>
          {selected && (
            <section data-testid="unit-panel">
              <h3>{selected.id}</h3>
              <p class="small">at <b>{selected.at}</b>{selected.aboard ? ` aboard ${selected.aboard}` : ''}. Click a hex or box to move it.</p>
              <div class="row">
                <button onClick={() => setPos(setUnit(pos, selected.id, { reduced: !selected.reduced }))} data-testid="flip">{selected.reduced ? 'Flip to full' : 'Flip to reduced'}</button>
                <label><input type="checkbox" checked={!!selected.ops} onChange={() => setPos(setUnit(pos, selected.id, { ops: !selected.ops }))} /> Ops Complete</label>
              </div>
              <div class="row">
                {PLACES.map((p) => <button key={p} onClick={() => setPos(moveUnit(pos, selected.id, p))}>{p}</button>)}
              </div>
              <label>Aboard <select value={selected.aboard ?? ''} onChange={(e) => { const v = (e.target as HTMLSelectElement).value; setPos(setUnit(pos, selected.id, { aboard: v || null })); }}>
                <option value="">(not carried)</option>
                {fleetsAt(pos, selected.id, isSurfaceFleet).map((f) => <option key={f} value={f}>{f}</option>)}
              </select></label>
              {(byUnit.get(selected.id) ?? []).map((p, i) => <p key={i} class="error small">{p.message}</p>)}
            </section>
          )}
          {hex && isCity && (
            <section>
              <h3>Control of {hex}</h3>
              <select value={pos.control?.[hex] ?? ''} data-testid="control" onChange={(e) => { const v = (e.target as HTMLSelectElement).value; setPos(setControl(pos, hex, (v || null) as 'axis' | 'allies' | null)); }}>
                <option value="">(its country's side)</option>
                {SIDES.map((s) => <option key={s} value={s}>{s}</option>)}
              </select>
            </section>
          )}
          <section>
            <h3>Problems</h3>
            {problems.length === 0 ? <p class="muted small">None: play can start here.</p> : (
              <ul class="problems" data-testid="problems">
                {problems.map((p, i) => {
                  const m = /^units\[(\d+)\]/.exec(p.field);
                  const id = m ? pos.units[Number(m[1])]?.id : undefined;
                  return <li key={i} onClick={() => { if (id) { setUnitSel(id); setHex(pos.units[Number(m![1])]!.at); } }}><code>{p.field}</code> {p.message}</li>;
                })}
              </ul>
            )}
          </section>
          <section>
            <h3>Politics</h3>
            {(['italyNeutral', 'ussrNeutral', 'usEntered'] as const).map((k) => (
              <label key={k}><input type="checkbox" checked={!!politics[k]} onChange={() => setPolitics(k, !politics[k])} /> {k}</label>
            ))}
            <label>Vichy <select value={politics.vichy ?? 'none'} onChange={(e) => setPolitics('vichy', (e.target as HTMLSelectElement).value)}>
              {['none', 'neutral', 'allied', 'axis'].map((v) => <option key={v}>{v}</option>)}
            </select></label>
            <label>Iraq <select value={politics.iraq ?? 'closed'} data-testid="iraq" onChange={(e) => setPolitics('iraq', (e.target as HTMLSelectElement).value)}>
              {['closed', 'rebel', 'allied-conquered', 'axis-liberated'].map((v) => <option key={v}>{v}</option>)}
            </select></label>
            <label>US entry delay <input type="number" min={0} value={politics.usEntryDelay ?? 0} onInput={(e) => setPolitics('usEntryDelay', Number((e.target as HTMLInputElement).value))} /></label>
          </section>
          <section>
            <h3>Countries</h3>
            <table class="countries">
              <tbody>
                {Object.entries(pos.countries ?? {}).map(([c, s]) => (
                  <tr key={c}>
                    <td>{c}</td>
                    <td><select value={s.controller ?? ''} onChange={(e) => { const v = (e.target as HTMLSelectElement).value; setPos({ ...pos, countries: { ...pos.countries, [c]: { ...s, controller: (v || null) as 'axis' | 'allies' | null } } }); }}>
                      <option value="">none</option>{SIDES.map((x) => <option key={x}>{x}</option>)}
                    </select></td>
                    <td><select value={s.status} onChange={(e) => setPos({ ...pos, countries: { ...pos.countries, [c]: { ...s, status: (e.target as HTMLSelectElement).value as typeof s.status } } })}>
                      {['belligerent', 'neutral', 'conquered', 'liberated'].map((x) => <option key={x}>{x}</option>)}
                    </select></td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          <section>
            <h3>Units</h3>
            <input placeholder="filter: ge-, fleet, 2214, pool" value={filter} data-testid="unit-filter" onInput={(e) => setFilter((e.target as HTMLInputElement).value)} />
            <ul class="unit-list">
              {shown.map((u) => (
                <li key={u.id} class={(unit === u.id ? 'sel ' : '') + (byUnit.has(u.id) ? 'bad' : '')} data-testid={`unit-${u.id}`}
                  onClick={() => { setUnitSel(u.id); setHex(u.at); }} title={(byUnit.get(u.id) ?? []).map((p) => p.message).join('\n')}>
                  {u.id} <span class="muted">{u.at}{u.reduced ? ' (reduced)' : ''}{u.ops ? ' OPS' : ''}</span>
                  {byUnit.has(u.id) && <span class="mark"> ⚠</span>}
                </li>
              ))}
            </ul>
          </section>
        </aside>
      </div>
    </div>
  );
}
