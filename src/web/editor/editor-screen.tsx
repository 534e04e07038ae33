// The position editor (/editor?ruleset=&scenario=&options=, docs/positions.md) for any rule set with positions: place,
// remove and flip units, set flags, control and the position's other fields; the server checks the position with the
// rule set's own validation on every change (the browser loads no rule set code); save the file or play from it.
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { DataProblem, Json, Options } from '../../engine/types.ts';
import type { RulesetInfo } from '../../server/protocol.ts';
import { api, rulesetsCached } from '../api.ts';
import { BoardPane } from '../game/board-pane.tsx';
import { humanize, makeNames } from '../game/names.ts';
import { placeLabel, sideName } from '../map/board-model.ts';
import { loadAssets, navigate, type LoadedAssets } from '../nav.ts';
import { OptionInput } from '../options.tsx';
import { rememberCreatedGame, rememberToken } from '../storage.ts';
import { EDITOR_CSS } from './editor-css.ts';
import {
  carriersAt, editable, moveUnit, OFF_BOARD, OWN_FIELDS, positionBoard, problemsByUnit, setControl, setField, setUnit, unitFlags,
  type Position,
} from './editor-model.ts';

function download(name: string, value: unknown): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(value, null, 1) + '\n'], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const isObj = (v: unknown): v is Record<string, Json> => !!v && typeof v === 'object' && !Array.isArray(v);
const isScalar = (v: unknown) => v === null || typeof v !== 'object';

/** One scalar field of the position as an input. */
function FieldInput({ path, value, onChange }: { path: string[]; value: Json; onChange(v: Json): void }) {
  const id = `field-${path.join('.')}`;
  if (typeof value === 'boolean') return <input type="checkbox" data-testid={id} checked={value} onChange={(e) => onChange((e.target as HTMLInputElement).checked)} />;
  if (typeof value === 'number') return <input type="number" data-testid={id} value={value} onInput={(e) => onChange(Number((e.target as HTMLInputElement).value))} />;
  return <input data-testid={id} value={value === null ? '' : String(value)} onChange={(e) => { const t = (e.target as HTMLInputElement).value; onChange(t === '' && value === null ? null : t); }} />;
}

/** The position's fields besides its units and control: scalars as inputs, records of scalars and tables of them. */
function Fields({ pos, onChange, nameOf }: { pos: Position; onChange(path: string[], v: Json): void; nameOf(id: string): string }) {
  const entries = Object.entries(pos).filter(([k, v]) => !OWN_FIELDS.has(k) && v !== undefined) as [string, Json][];
  const scalars = entries.filter(([, v]) => isScalar(v));
  const records = entries.filter(([, v]) => isObj(v) && Object.values(v).every(isScalar));
  const tables = entries.filter(([, v]) => isObj(v) && Object.values(v).length > 0 && Object.values(v).every((r) => isObj(r) && Object.values(r).every(isScalar)));
  return (
    <>
      {scalars.length > 0 && (
        <section>
          <h3>Position</h3>
          {scalars.map(([k, v]) => <label key={k}>{humanize(k)} <FieldInput path={[k]} value={v} onChange={(x) => onChange([k], x)} /></label>)}
        </section>
      )}
      {records.map(([k, v]) => (
        <section key={k}>
          <h3>{humanize(k)}</h3>
          {Object.entries(v as Record<string, Json>).map(([f, x]) => (
            <label key={f}>{humanize(f)} <FieldInput path={[k, f]} value={x} onChange={(y) => onChange([k, f], y)} /></label>
          ))}
        </section>
      ))}
      {tables.map(([k, v]) => {
        const rows = Object.entries(v as Record<string, Record<string, Json>>);
        const cols = [...new Set(rows.flatMap(([, r]) => Object.keys(r)))];
        return (
          <section key={k}>
            <h3>{humanize(k)}</h3>
            <table class="fields-table">
              <thead><tr><th />{cols.map((c) => <th key={c}>{humanize(c)}</th>)}</tr></thead>
              <tbody>{rows.map(([id, r]) => (
                <tr key={id}><th title={id}>{nameOf(id)}</th>{cols.map((c) => <td key={c}>{r[c] !== undefined && <FieldInput path={[k, id, c]} value={r[c]!} onChange={(y) => onChange([k, id, c], y)} />}</td>)}</tr>
              ))}</tbody>
            </table>
          </section>
        );
      })}
    </>
  );
}

export function EditorScreen() {
  const q = new URLSearchParams(location.search);
  const [rulesets, setRulesets] = useState<RulesetInfo[]>([]);
  const [rsId, setRsId] = useState<string | null>(q.get('ruleset'));
  const [scenario, setScenario] = useState<string | null>(q.get('scenario'));
  const [options, setOptions] = useState<Options>(() => { try { return JSON.parse(q.get('options') ?? '{}') as Options; } catch { return {}; } });
  const [loaded, setLoaded] = useState<LoadedAssets | null>(null);
  const [pos, setPos] = useState<Position | null>(null);
  const [problems, setProblems] = useState<{ of: Position; list: DataProblem[] } | null>(null);
  const [unit, setUnitSel] = useState<string | null>(null);
  const [place, setPlace] = useState<string | null>(null);
  const [filter, setFilter] = useState('');
  const [err, setErr] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const rs = rulesets.find((r) => r.id === rsId) ?? null;

  useEffect(() => {
    rulesetsCached().then((all) => {
      const usable = all.filter((r) => r.positions && (!r.hidden || r.id === q.get('ruleset')));
      setRulesets(usable);
      if (!rsId || !usable.some((r) => r.id === rsId)) setRsId(usable[0]?.id ?? null);
    }, (e: Error) => setErr(e.message));
  }, []);

  const checkedAtOnce = useRef<Position | null>(null);
  const validate = (id: string, of: Position) => {
    api.validatePosition(id, of as unknown as Json).then((r) => setProblems({ of, list: r.problems }), (e: Error) => setErr(e.message));
  };
  const start = async (id: string, sc: string, opts: Options) => {
    try {
      const [a, p] = await Promise.all([loadAssets(id, sc), api.initialPosition(id, sc, opts)]);
      const of = editable(p.position);
      // A loaded position is checked at once (the request leaves before the map is drawn); edits are debounced.
      checkedAtOnce.current = of;
      validate(id, of);
      setLoaded(a);
      setPos(of);
      setUnitSel(null);
      setErr(null);
      history.replaceState(null, '', `/editor?ruleset=${id}&scenario=${encodeURIComponent(sc)}${Object.keys(opts).length ? `&options=${encodeURIComponent(JSON.stringify(opts))}` : ''}`);
    } catch (e) {
      setErr(`Cannot start the editor: ${(e as Error).message}`);
    }
  };
  useEffect(() => {
    if (!rs) return;
    const sc = scenario && rs.scenarios.some((s) => s.id === scenario) ? scenario : rs.scenarios[0]!.id;
    if (sc !== scenario) setScenario(sc);
    void start(rs.id, sc, options);
  }, [rs?.id]);

  // The server validates every change (debounced: a burst of edits is checked once).
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    if (!pos || !rs || pos === checkedAtOnce.current) return;
    if (timer.current) clearTimeout(timer.current);
    const of = pos;
    timer.current = setTimeout(() => validate(rs.id, of), 120);
  }, [pos]);

  const counters = loaded?.assets.counters;
  const board = useMemo(() => (pos ? positionBoard(pos, counters) : null), [pos, counters]);
  const names = useMemo(() => (loaded && board ? makeNames(loaded.assets, board) : null), [loaded, board]);
  const list = problems && problems.of === pos ? problems.list : null;
  const byUnit = useMemo(() => (pos && list ? problemsByUnit(pos, list) : new Map<string, DataProblem[]>()), [pos, list]);

  if (err && !pos) return <div class="page"><p class="error" data-testid="error">{err}</p><p><a href="/" onClick={(e) => { e.preventDefault(); navigate('/'); }}>Home</a></p></div>;
  if (!rulesets.length && !err) return <div class="page"><p class="muted">Loading the editor…</p></div>;
  if (!rs) return <div class="page"><p>No rule set supports positions yet.</p></div>;
  if (!loaded || !pos || !board || !names) return <div class="page"><p class="muted">Loading the editor…</p></div>;

  const selected = unit ? pos.units.find((u) => u.id === unit) : undefined;
  const flags = unitFlags(pos);
  const offBoard = [...new Set([...OFF_BOARD, ...pos.units.map((u) => u.at).filter((w) => !loaded.geo?.centre(w) && !loaded.assets.board.boxes?.some((b) => b.id === w))])];
  const sides = Object.keys(counters?.sides ?? {}).length ? Object.keys(counters!.sides!) : [...new Set(Object.values(counters?.powers ?? {}).map((p) => p.side))];
  const unitName = (id: string) => names.of(id);

  const onPlace = (id: string) => {
    if (unit) setPos(moveUnit(pos, unit, id));
    setPlace(id);
  };
  const onUnit = (id: string, where: string) => {
    setUnitSel(unit === id ? null : id);
    setPlace(where);
  };
  const openFile = async (f: File) => {
    try {
      setPos(editable(JSON.parse(await f.text()) as Json));
      setErr(null);
    } catch (e) {
      setErr(`${f.name} is not a JSON position: ${(e as Error).message}`);
    }
  };
  const play = async () => {
    setBusy(true);
    setErr(null);
    try {
      const r = await api.createGame({ ruleset: rs.id, position: pos as unknown as Json, seats: Object.fromEntries(rs.seats.map((s) => [s, { kind: 'human' as const }])) });
      for (const s of Object.keys(r.seats)) rememberToken({ token: r.seats[s]!.token, gameId: r.gameId, seat: s, ruleset: rs.id });
      rememberCreatedGame(r);
      // Open the seat the game waits for (hot-seat: the game screen switches seats from there on).
      const first = (await api.play(r.spectator.token)).view.waitingFor[0]?.seat;
      navigate(`/play/${(r.seats[first ?? rs.seats[0]!] ?? Object.values(r.seats)[0])!.token}`);
    } catch (e) {
      setErr((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const f = filter.trim().toLowerCase();
  const shown = pos.units.filter((u) => !f || `${unitName(u.id)} ${placeLabel(loaded.assets, u.at)} ${u.id}`.toLowerCase().includes(f));
  const scenarioName = rs.scenarios.find((s) => s.id === scenario)?.name ?? scenario;

  return (
    <div class="page editor" data-testid="editor">
      <style>{EDITOR_CSS}</style>
      <header class="editor-bar">
        <a href="/" onClick={(e) => { e.preventDefault(); navigate('/'); }}>Theater</a>
        <b>Position editor</b>
        <select value={rs.id} data-testid="editor-ruleset" aria-label="Rule set" onChange={(e) => { setRsId((e.target as HTMLSelectElement).value); setScenario(null); setOptions({}); }}>
          {rulesets.map((r) => <option key={r.id} value={r.id}>{r.title}</option>)}
        </select>
        <span class={!list ? 'muted' : list.length ? 'bad' : 'good'} data-testid="problem-count">
          {!list ? 'checking…' : list.length ? `${list.length} problem(s)` : 'valid position'}
        </span>
        <button onClick={() => download('position.json', pos)} data-testid="save">Save file</button>
        <label class="file">Open file
          <input type="file" accept=".json,application/json" data-testid="open" onChange={(e) => { const fl = (e.target as HTMLInputElement).files?.[0]; if (fl) void openFile(fl); }} />
        </label>
        <button class="primary" disabled={busy || !list || list.length > 0} onClick={() => void play()} data-testid="play">Play from here</button>
      </header>
      {err && <p class="error" onClick={() => setErr(null)}>{err}</p>}
      <div class="editor-grid">
        <div class="editor-board">
          <BoardPane assets={loaded.assets} geo={loaded.geo} board={board} state={null} activeUnits={new Set(byUnit.keys())}
            selectedUnit={unit} selectedPlace={place} highlights={new Set()} showIds={true} onPlace={onPlace} onUnit={onUnit} />
        </div>
        <aside class="editor-side">
          <section>
            <h3>Start from</h3>
            <label>Scenario <select value={scenario ?? ''} data-testid="editor-scenario" onChange={(e) => setScenario((e.target as HTMLSelectElement).value)}>
              {rs.scenarios.map((s) => <option key={s.id} value={s.id}>{s.name}</option>)}
            </select></label>
            {rs.options.map((o) => (
              <label key={o.id} title={o.description}>{o.name}
                <OptionInput o={o} all={rs.options} value={options[o.id] ?? o.default} onChange={(v) => setOptions({ ...options, [o.id]: v })} />
              </label>
            ))}
            <button data-testid="editor-reset" onClick={() => void start(rs.id, scenario ?? rs.scenarios[0]!.id, options)}>Reset to the set-up of {scenarioName}</button>
          </section>
          {selected && (
            <section data-testid="unit-panel">
              <h3>{unitName(selected.id)}</h3>
              <p class="small">at <b>{placeLabel(loaded.assets, selected.at)}</b>{selected.aboard ? ` aboard ${unitName(selected.aboard)}` : ''}. Click a place on the map to move it.</p>
              <div class="row">
                <button onClick={() => setPos(setUnit(pos, selected.id, { reduced: !selected.reduced }))} data-testid="flip">{selected.reduced ? 'Flip to full' : 'Flip to reduced'}</button>
                {flags.map((k) => (
                  <label key={k}><input type="checkbox" checked={selected[k] === true} onChange={() => setPos(setUnit(pos, selected.id, { flags: { [k]: selected[k] !== true } }))} /> {humanize(k)}</label>
                ))}
              </div>
              <div class="row">
                {offBoard.map((w) => <button key={w} data-testid={`to-${w}`} onClick={() => setPos(moveUnit(pos, selected.id, w))}>{placeLabel(loaded.assets, w)}</button>)}
              </div>
              <label>Aboard <select value={selected.aboard ?? ''} onChange={(e) => { const v = (e.target as HTMLSelectElement).value; setPos(setUnit(pos, selected.id, { aboard: v || null })); }}>
                <option value="">(not carried)</option>
                {carriersAt(pos, selected.id, counters).map((c) => <option key={c} value={c}>{unitName(c)}</option>)}
              </select></label>
              {(byUnit.get(selected.id) ?? []).map((p, i) => <p key={i} class="error small">{p.message}</p>)}
            </section>
          )}
          {place && (loaded.geo?.centre(place)) && (
            <section>
              <h3>Control of {placeLabel(loaded.assets, place)}</h3>
              <select value={pos.control?.[place] ?? ''} data-testid="control" onChange={(e) => { const v = (e.target as HTMLSelectElement).value; setPos(setControl(pos, place, v || null)); }}>
                <option value="">(its owner)</option>
                {sides.map((s) => <option key={s} value={s}>{sideName(counters, s)}</option>)}
              </select>
            </section>
          )}
          <section>
            <h3>Problems</h3>
            {!list ? <p class="muted small">Checking…</p> : list.length === 0 ? <p class="muted small">None: play can start here.</p> : (
              <ul class="problems" data-testid="problems">
                {list.map((p, i) => {
                  const id = [...byUnit].find(([, ps]) => ps.includes(p))?.[0];
                  return <li key={i} onClick={() => { if (id) { setUnitSel(id); setPlace(pos.units.find((u) => u.id === id)!.at); } }}>{p.message}</li>;
                })}
              </ul>
            )}
          </section>
          <Fields pos={pos} onChange={(path, v) => setPos(setField(pos, path, v))}
            nameOf={(id) => loaded.assets.board.countries?.[id]?.name ?? counters?.powers[id]?.name ?? placeLabel(loaded.assets, id)} />
          <section>
            <h3>Units</h3>
            <input placeholder="filter: name, place" value={filter} data-testid="unit-filter" onInput={(e) => setFilter((e.target as HTMLInputElement).value)} />
            <ul class="unit-list">
              {shown.map((u) => (
                <li key={u.id} class={(unit === u.id ? 'sel ' : '') + (byUnit.has(u.id) ? 'bad' : '')} data-testid={`unit-${u.id}`}
                  onClick={() => { setUnitSel(u.id); setPlace(u.at); }} title={(byUnit.get(u.id) ?? []).map((p) => p.message).join('\n')}>
                  {unitName(u.id)} <span class="muted">{placeLabel(loaded.assets, u.at)}{u.reduced ? ' (reduced)' : ''}</span>
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

