// Replay: step through a game forward and back, from either seat's view (seat views once the game has ended).
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { ReplayResponse, RulesetInfo } from '../server/protocol.ts';
import { api, rulesetsCached } from './api.ts';
import { BoardPane } from './game/board-pane.tsx';
import { describeOnMap, isTyping, mapKeys } from './game/game-screen.tsx';
import { LogEvent } from './game/log-panel.tsx';
import { actionWords, LogNamesContext, makeLogNames, makeNames, NamesContext, withoutSeatName } from './game/names.ts';
import { Rule, RuleCard, RulesContext, useRules } from './game/rules.tsx';
import { HelpOverlay } from './help.tsx';
import type { MapHandle } from './map/map-view.tsx';
import { seatLabel } from './map/board-model.ts';
import { boardOf, loadAssets, navigate, type LoadedAssets } from './nav.ts';
import { actionsInForce, choiceLabel, type StepAction } from './replay-steps.ts';
import { loadMapView, loadSettings, loadTokens, saveMapView, saveSettings } from './storage.ts';

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
 * of the prompt it answered: the acting seat's view of the step before once the game has ended (`finished`); during a
 * game the public view, which gives the prompt's text and rule but not its choice labels (seat views are refused then,
 * so they are never asked for).
 */
async function stepInfo(gameId: string, at: number, steps: StepAction[] | null, finished: boolean): Promise<StepInfo> {
  const step = steps?.[at - 1] ?? null;
  if (at === 0) return { at, step: null, label: null, text: null, rule: null };
  const seat = step?.seat ?? null;
  const before = await api.replay(gameId, finished ? seat : null, at - 1);
  const asked = before.view.waitingFor.find((w) => w.seat === seat) ?? (seat === null ? before.view.waitingFor[0] : undefined);
  return { at, step, label: step ? choiceLabel(before.view.prompt, step.action) : null, text: asked?.text ?? null, rule: asked?.rule ?? null };
}

export function ReplayScreen({ gameId, seat: seat0, at: at0 }: { gameId: string; seat: string | null; at: number | null }) {
  const held = useMemo(() => loadTokens().find((t) => t.gameId === gameId) ?? null, [gameId]);
  /** Whether the game has ended (seat views are open then); unknown without a link to the game: spectator only. */
  const [finished, setFinished] = useState<boolean | null>(held ? null : false);
  const [seat, setSeat] = useState<string | null>(seat0);
  const [at, setAt] = useState<number>(at0 ?? 0);
  const [r, setR] = useState<ReplayResponse | null>(null);
  const [seats, setSeats] = useState<string[]>([]);
  const [la, setLa] = useState<LoadedAssets | null>(null);
  const [err, setErr] = useState<string | null>(null);
  const [help, setHelp] = useState(false);
  const [showIds, setShowIdsState] = useState(() => loadSettings().showIds);
  const setShowIds = (v: boolean) => { setShowIdsState(v); saveSettings({ ...loadSettings(), showIds: v }); };
  const [selHex, setSelHex] = useState<string | null>(null);
  const [info0, setInfo0] = useState<RulesetInfo | null>(null);
  const [ruleCard, setRuleCard] = useState<string | null>(null);
  const mapRef = useRef<MapHandle>(null);
  const [steps, setSteps] = useState<StepAction[] | null>(null);
  const [info, setInfo] = useState<StepInfo | null>(null);

  // The log (for the actions themselves) and whether the game has ended are read with any link to this game this
  // browser holds.
  useEffect(() => {
    if (!held) return;
    api.log(held.token).then((l) => setSteps(actionsInForce(l.entries)), () => setSteps(null));
    api.play(held.token).then((p) => setFinished(p.status === 'finished'), () => setFinished(false));
  }, [gameId]);

  useEffect(() => {
    if (finished === null) return;
    let stop = false;
    stepInfo(gameId, at, steps, finished).then((x) => { if (!stop) setInfo(x); }, () => { if (!stop) setInfo(null); });
    return () => { stop = true; };
  }, [gameId, at, steps, finished]);

  // A seat's view during a game is refused by the server: the spectator's is asked instead.
  const viewSeat = finished ? seat : null;
  useEffect(() => {
    if (finished === null) return;
    let stop = false;
    api.replay(gameId, viewSeat, at).then(async (x) => {
      if (stop) return;
      setR(x);
      setErr(null);
      if (!la) {
        setLa(await loadAssets(x.view.ruleset, x.view.scenario));
        const rs = (await rulesetsCached()).find((q) => q.id === x.view.ruleset);
        setInfo0(rs ?? null);
        setSeats(rs?.scenarios.find((s) => s.id === x.view.scenario)?.seats ?? rs?.seats ?? []);
      }
      history.replaceState(null, '', `/replay/${gameId}?at=${x.at}${viewSeat ? `&seat=${viewSeat}` : ''}`);
    }, (e: Error) => { if (!stop) setErr(e.message); });
    return () => { stop = true; };
  }, [gameId, viewSeat, at, finished]);

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

  const board = useMemo(() => boardOf(r?.view), [r]);
  const names = useMemo(() => makeNames(la?.assets ?? null, board), [la, board]);
  const logNames = useMemo(() => makeLogNames(la?.assets ?? null), [la]);
  const empty = useMemo(() => new Set<string>(), []);
  const rules = useRules(r?.view.ruleset ?? null, !!info0?.rules);
  const rulesCtx = useMemo(() => ({ ref: rules, open: (c: string) => setRuleCard(c) }), [rules]);
  const back = held ? `/play/${held.token}` : '/';
  if (!r || !la) {
    return (
      <div class="page loading">
        {err ? <p class="error" data-testid="error">{err}</p> : 'Loading…'}
        {err && seat && <button onClick={() => setSeat(null)}>View as spectator</button>}
        <p><a href={back} onClick={(e) => { e.preventDefault(); navigate(back); }}>{held ? 'Back to the game' : 'Home'}</a></p>
      </div>
    );
  }
  return (
    <RulesContext.Provider value={rulesCtx}>
    <NamesContext.Provider value={names}>
    <LogNamesContext.Provider value={logNames}>
    <div class="game replay" data-testid="replay" data-at={r.at}>
      <header class="topbar">
        <a class="brand" href="/" aria-label="Theater: home" onClick={(e) => { e.preventDefault(); navigate('/'); }}><span class="brand-full">Theater</span><span class="brand-short">⌂</span></a>
        <a class="back" data-testid="replay-back-to-game" href={back} onClick={(e) => { e.preventDefault(); navigate(back); }}>
          ← {held ? 'Back to the game' : 'Home'}
        </a>
        <span class="title">Replay · {info0?.title ?? r.view.ruleset} · {info0?.scenarios.find((s) => s.id === r.view.scenario)?.name ?? r.view.scenario}{r.imported ? ` · imported (entries before ${r.imported.entries} played elsewhere)` : ''}</span>
        <span class="status" data-testid="status">{board.turn && !r.view.status.includes(board.turn.label) ? `${board.turn.label} · ` : ''}{r.view.status}</span>
        <span class="spacer" />
        <label>View as
          <select value={viewSeat ?? ''} data-testid="replay-seat" disabled={!finished}
            title={finished ? undefined : 'Each side\'s own view opens once the game has ended'}
            onChange={(e) => setSeat((e.target as HTMLSelectElement).value || null)}>
            <option value="">spectator</option>
            {seats.map((s) => <option key={s} value={s}>{seatLabel(la?.assets ?? null, s)}</option>)}
          </select>
        </label>
        <button onClick={() => setShowIds(!showIds)} disabled={!la.geo?.hexes.size}>Ids</button>
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
          selectedPlace={selHex} highlights={empty} showIds={showIds} onPlace={setSelHex} onUnit={(_, w) => setSelHex(w)} mapRef={mapRef}
          initialView={loadMapView(gameId)} onViewChange={(t) => saveMapView(gameId, t)} describe={(p, u) => describeOnMap(la, board, p, u)} />
        <aside class="side replay-side">
          <section class="prompt-panel">
            <h2>Position after action {r.at}</h2>
            {r.view.outcome && <p class="outcome">{r.view.outcome.result}</p>}
            {r.view.waitingFor.map((w) => <p key={w.seat}><b>{seatLabel(la.assets, w.seat)}</b> to decide: {withoutSeatName(w.text, seatLabel(la.assets, w.seat))} <Rule cite={w.rule} /></p>)}
          </section>
          <section class="replay-action" data-testid="replay-action">
            <h2>Action {r.at}</h2>
            {r.at === 0 ? <p class="muted">The set-up: no action yet.</p> : !info || info.at !== r.at ? <p class="muted">Loading…</p> : (
              <>
                {info.step
                  ? <p><b class="seat-name" data-testid="replay-action-seat">{info.step.seat}</b>{' '}<span data-testid="replay-action-label">{info.label ?? actionWords(info.step.action, names)}</span></p>
                  : <p class="muted small">The action itself is shown in a browser that holds a link to this game.</p>}
                {info.text && <p class="small">answering: {info.text} {info.rule && <span data-testid="replay-action-rule"><Rule cite={info.rule} /></span>}</p>}
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
      {ruleCard && <RuleCard citation={ruleCard} onClose={() => setRuleCard(null)} onOpen={setRuleCard} />}
    </div>
    </LogNamesContext.Provider>
    </NamesContext.Provider>
    </RulesContext.Provider>
  );
}
