// Replay: step through a game forward and back, from either seat's view (seat views once the game has ended).
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { ReplayResponse } from '../server/protocol.ts';
import { api, ApiError } from './api.ts';
import { BoardPane } from './game/board-pane.tsx';
import { isTyping, mapKeys } from './game/game-screen.tsx';
import { actionText, LogEvent } from './game/log-panel.tsx';
import { HelpOverlay } from './help.tsx';
import { readBoardView } from './map/board-data.ts';
import type { MapHandle } from './map/map-view.tsx';
import { loadAssets, navigate, type LoadedAssets } from './nav.ts';
import { actionsInForce, choiceLabel, type StepAction } from './replay-steps.ts';
import { loadTokens } from './storage.ts';

/** What the replay shows of the action that led to a step. */
interface StepInfo {
  at: number;
  step: StepAction | null;
  label: string | null;
  /** The prompt the action answered: its text and rule case. */
  text: string | null;
  rule: string | null;
}

/**
 * The action that led to step `at` (from the game's log, read with a link this browser holds), with the label and rule
 * of the prompt it answered (the acting seat's view of the step before: after the end; else the public view, which
 * gives the prompt's text and rule but not its choice labels).
 */
async function stepInfo(gameId: string, at: number, steps: StepAction[] | null): Promise<StepInfo> {
  const step = steps?.[at - 1] ?? null;
  if (at === 0) return { at, step: null, label: null, text: null, rule: null };
  const seat = step?.seat ?? null;
  let before: ReplayResponse;
  try {
    before = await api.replay(gameId, seat, at - 1);
  } catch (e) {
    if (!(e instanceof ApiError) || e.status !== 403 || seat === null) throw e;
    before = await api.replay(gameId, null, at - 1);
  }
  const asked = before.view.waitingFor.find((w) => w.seat === seat) ?? (seat === null ? before.view.waitingFor[0] : undefined);
  return { at, step, label: step ? choiceLabel(before.view.prompt, step.action) : null, text: asked?.text ?? null, rule: asked?.rule ?? null };
}

export function ReplayScreen({ gameId, seat: seat0, at: at0 }: { gameId: string; seat: string | null; at: number | null }) {
  const [seat, setSeat] = useState<string | null>(seat0);
  const [at, setAt] = useState<number>(at0 ?? 0);
  const [r, setR] = useState<ReplayResponse | null>(null);
  const [seats, setSeats] = useState<string[]>([]);
  const [la, setLa] = useState<LoadedAssets | null>(null);
  const [err, setErr] = useState<string | null>(null);
  const [help, setHelp] = useState(false);
  const [showIds, setShowIds] = useState(false);
  const [selHex, setSelHex] = useState<string | null>(null);
  const mapRef = useRef<MapHandle>(null);
  const [steps, setSteps] = useState<StepAction[] | null>(null);
  const [info, setInfo] = useState<StepInfo | null>(null);

  // The log (for the actions themselves) is read with any link to this game this browser holds.
  useEffect(() => {
    const held = loadTokens().find((t) => t.gameId === gameId);
    if (held) api.log(held.token).then((l) => setSteps(actionsInForce(l.entries)), () => setSteps(null));
  }, [gameId]);

  useEffect(() => {
    let stop = false;
    stepInfo(gameId, at, steps).then((x) => { if (!stop) setInfo(x); }, () => { if (!stop) setInfo(null); });
    return () => { stop = true; };
  }, [gameId, at, steps]);

  useEffect(() => {
    let stop = false;
    api.replay(gameId, seat, at).then(async (x) => {
      if (stop) return;
      setR(x);
      setErr(null);
      if (!la) {
        setLa(await loadAssets(x.view.ruleset, x.view.scenario));
        const rs = (await api.rulesets()).find((q) => q.id === x.view.ruleset);
        setSeats(rs?.scenarios.find((s) => s.id === x.view.scenario)?.seats ?? rs?.seats ?? []);
      }
      history.replaceState(null, '', `/replay/${gameId}?at=${x.at}${seat ? `&seat=${seat}` : ''}`);
    }, (e: Error) => { if (!stop) setErr(e.message); });
    return () => { stop = true; };
  }, [gameId, seat, at]);

  const len = r?.length ?? 0;
  const go = (n: number) => setAt(Math.max(0, Math.min(len, n)));
  const keyRef = useRef<(e: KeyboardEvent) => void>(() => {});
  keyRef.current = (e) => {
    if (isTyping(e)) return;
    if (e.key === '?') { setHelp(!help); return; }
    if (e.key === 'Escape') { setHelp(false); return; }
    if (e.key === ']' || e.key === '.' || e.key === 'PageDown') { go(at + 1); return; }
    if (e.key === '[' || e.key === ',' || e.key === 'PageUp') { go(at - 1); return; }
    if (e.key === 'Home') { go(0); return; }
    if (e.key === 'End') { go(len); return; }
    if (e.key === 'i') { setShowIds(!showIds); return; }
    if (mapKeys(e, mapRef.current)) e.preventDefault();
  };
  useEffect(() => {
    const h = (e: KeyboardEvent) => keyRef.current(e);
    addEventListener('keydown', h);
    return () => removeEventListener('keydown', h);
  }, []);

  const board = useMemo(() => readBoardView(r?.view.state, la?.assets), [r, la]);
  const empty = useMemo(() => new Set<string>(), []);
  if (!r || !la) {
    return (
      <div class="page loading">
        {err ? <p class="error" data-testid="error">{err}</p> : 'Loading…'}
        {err && seat && <button onClick={() => setSeat(null)}>View as spectator</button>}
      </div>
    );
  }
  return (
    <div class="game replay" data-testid="replay" data-at={r.at}>
      <header class="topbar">
        <a class="brand" href="/" onClick={(e) => { e.preventDefault(); navigate('/'); }}>Theater</a>
        <span class="title">Replay · {r.view.ruleset} · {r.view.scenario}{r.imported ? ` · imported (entries before ${r.imported.entries} played elsewhere)` : ''}</span>
        <span class="status" data-testid="status">{board.turn && la.assets.turns && !r.view.status.includes(board.turn.label) ? `${board.turn.label} · ` : ''}{r.view.status}</span>
        <span class="spacer" />
        <label>View as
          <select value={seat ?? ''} data-testid="replay-seat" onChange={(e) => setSeat((e.target as HTMLSelectElement).value || null)}>
            <option value="">spectator</option>
            {seats.map((s) => <option key={s} value={s}>{s}</option>)}
          </select>
        </label>
        <button onClick={() => setShowIds(!showIds)} disabled={!la.geo}>Ids</button>
        <button onClick={() => setHelp(true)} aria-label="Help">?</button>
      </header>
      <div class="replay-bar">
        <button onClick={() => go(0)} title="Start (Home)" data-testid="replay-start">|◀</button>
        <button onClick={() => go(at - 1)} title="Back ([)" data-testid="replay-back">◀</button>
        <input type="range" min={0} max={len} value={r.at} onInput={(e) => go(Number((e.target as HTMLInputElement).value))} aria-label="Position" />
        <button onClick={() => go(at + 1)} title="Forward (])" data-testid="replay-forward">▶</button>
        <button onClick={() => go(len)} title="End (End)" data-testid="replay-end">▶|</button>
        <span data-testid="replay-pos">action {r.at} / {len}</span>
      </div>
      {err && <p class="error" data-testid="error">{err}</p>}
      <main class="main">
        <BoardPane assets={la.assets} geo={la.geo} board={board} state={r.view.state} activeUnits={empty} selectedUnit={null}
          selectedHex={selHex} highlights={empty} expandedHex={null} showIds={showIds} onHex={setSelHex} onUnit={(_, w) => setSelHex(w)} mapRef={mapRef} />
        <aside class="side">
          <section class="prompt-panel">
            <h2>Position after action {r.at}</h2>
            {r.view.outcome && <p class="outcome">{r.view.outcome.result}</p>}
            {r.view.waitingFor.map((w) => <p key={w.seat}><b>{w.seat}</b> to decide: {w.text} <span class="rule">{w.rule}</span></p>)}
          </section>
          <section class="replay-action" data-testid="replay-action">
            <h2>Action {r.at}</h2>
            {r.at === 0 ? <p class="muted">The set-up: no action yet.</p> : !info || info.at !== r.at ? <p class="muted">Loading…</p> : (
              <>
                {info.step
                  ? <p><b data-testid="replay-action-seat">{info.step.seat}</b>{' '}<span data-testid="replay-action-label">{info.label ?? actionText(info.step.action)}</span></p>
                  : <p class="muted small">The action itself is shown in a browser that holds a link to this game.</p>}
                {info.text && <p class="small">answering: {info.text} {info.rule && <span class="rule" data-testid="replay-action-rule">{info.rule}</span>}</p>}
                {info.step && info.label && <p class="muted small"><code>{actionText(info.step.action)}</code></p>}
              </>
            )}
          </section>
          <section class="log-panel">
            <header><h2>Events of this step</h2></header>
            <ol data-testid="replay-events">{r.events.map((e, i) => <LogEvent key={`${r.at}-${i}`} e={e} />)}</ol>
            {r.events.length === 0 && <p class="muted small">No events {seat ? `visible to ${seat}` : 'in the public view'}.</p>}
          </section>
        </aside>
      </main>
      {help && <HelpOverlay onClose={() => setHelp(false)} />}
    </div>
  );
}
