// The game screen: board, prompt, log; talks to the server over its WebSocket (HTTP while that is closed).
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { Action } from '../../engine/types.ts';
import type { PlayResponse, RematchResponse, ServerMessage, TakebackRequest } from '../../server/protocol.ts';
import { api, ApiError, Live } from '../api.ts';
import { contribute } from '../dice.ts';
import { HelpOverlay } from '../help.tsx';
import { readBoardView } from '../map/board-data.ts';
import type { MapHandle } from '../map/map-view.tsx';
import { choicesAt, derivePicks, highlighted } from '../map/picks.ts';
import { fetchAssets, loadAssets, navigate, type LoadedAssets } from '../nav.ts';
import { loadGame, loadTokens, rememberCreatedGame, rememberGame, rememberToken } from '../storage.ts';
import { notifyYourTurn } from './alerts.tsx';
import { BoardPane } from './board-pane.tsx';
import { ClaimBanner, Clocks } from './clocks.tsx';
import { ChartsOverlay, HexInfo, NotesBanner } from './extras.tsx';
import { LogPanel, tagEvents, type LogItem } from './log-panel.tsx';
import { oddsByChoice } from './odds.ts';
import { PromptPanel } from './prompt-panel.tsx';
import { RematchBanner } from './rematch.tsx';
import { SharePanel } from './share-panel.tsx';

type Play = PlayResponse;

export function isTyping(e: KeyboardEvent): boolean {
  const t = e.target as HTMLElement | null;
  return !!t && (t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA' || t.isContentEditable);
}

/** Keys shared by the game and replay screens for moving the map. */
export function mapKeys(e: KeyboardEvent, map: MapHandle | null): boolean {
  if (!map) return false;
  const step = 80;
  switch (e.key) {
    case 'ArrowLeft': case 'a': map.pan(step, 0); return true;
    case 'ArrowRight': case 'd': map.pan(-step, 0); return true;
    case 'ArrowUp': case 'w': map.pan(0, step); return true;
    case 'ArrowDown': case 's': map.pan(0, -step); return true;
    case '+': case '=': map.zoom(1.25); return true;
    case '-': case '_': map.zoom(0.8); return true;
    case '0': map.fit(); return true;
  }
  return false;
}

function turnLabel(play: Pick<Play, 'view'> | null, la: LoadedAssets | null): string {
  if (!play) return '';
  const b = readBoardView(play.view.state, la?.assets);
  return b.turn?.label ?? (play.view.status || 'Game');
}

export function GameScreen({ token }: { token: string }) {
  const [play, setPlay] = useState<Play | null>(null);
  const [la, setLa] = useState<LoadedAssets | null>(null);
  const [err, setErr] = useState<string | null>(null);
  const [toast, setToast] = useState<string | null>(null);
  const [log, setLog] = useState<LogItem[]>([]);
  const [connected, setConnected] = useState(false);
  const [busy, setBusy] = useState(false);
  const [selUnit, setSelUnit] = useState<string | null>(null);
  const [selHex, setSelHex] = useState<string | null>(null);
  const [expanded, setExpanded] = useState<string | null>(null);
  const [narrow, setNarrow] = useState<{ label: string; idx: number[] } | null>(null);
  const [armed, setArmed] = useState<number | null>(null);
  const [showIds, setShowIds] = useState(false);
  const [help, setHelp] = useState(false);
  const [charts, setCharts] = useState(false);
  const [showLog, setShowLog] = useState(true);
  const [showShare, setShowShare] = useState(false);
  /** This seat's token in a rematch an opponent started while this page was open. */
  const [rematchOffer, setRematchOffer] = useState<string | null>(null);
  const rematchAsked = useRef(false);
  const playRef = useRef<Play | null>(null);
  playRef.current = play;
  const mapRef = useRef<MapHandle>(null);
  const liveRef = useRef<Live | null>(null);
  const laRef = useRef<LoadedAssets | null>(null);
  laRef.current = la;

  const clearSel = () => { setSelUnit(null); setNarrow(null); setArmed(null); setExpanded(null); };

  const reload = useCallback(async () => {
    try {
      // The rule set's assets are fetched alongside the game when this browser already knows the rule set.
      const known = loadTokens().find((t) => t.token === token)?.ruleset;
      if (known && !laRef.current) void fetchAssets(known).catch(() => {});
      const p = await api.play(token);
      // A newer state may have come over the socket while this answer was on its way: keep that one.
      setPlay((prev) => {
        if (prev && prev.gameId === p.gameId && prev.stateId > p.stateId) return prev;
        setLog(tagEvents(p.events, 'Setup'));
        return p;
      });
      rememberToken({ token, gameId: p.gameId, seat: p.seat, ruleset: p.ruleset });
      void contribute(p.gameId, p.dice);
      // The first commitment this browser sees is kept (the creator's is kept at creation): later ones must match it.
      if (!loadGame(p.gameId)?.seedCommitment) rememberGame({ gameId: p.gameId, seedCommitment: p.seedCommitment });
      if (!laRef.current) {
        const l = await loadAssets(p.ruleset, p.scenario);
        setLa(l);
      }
      setErr(null);
    } catch (e) {
      setErr((e as Error).message);
    }
  }, [token]);

  useEffect(() => {
    setPlay(null);
    setLa(null);
    setRematchOffer(null);
    rematchAsked.current = false;
    clearSel();
    void reload();
    const onMsg = (m: ServerMessage) => {
      if (m.type === 'state') {
        setPlay((prev) => {
          if (!prev) return prev;
          // The same state again (the greeting after connect): keep the view object, so nothing is redrawn.
          const view = m.stateId === prev.stateId && m.view.seq === prev.view.seq ? prev.view : m.view;
          const next: Play = { ...prev, view, stateId: m.stateId, undoable: m.undoable, clocks: m.clocks, status: m.status,
            serverResult: m.serverResult, takeback: m.takeback, outcome: m.view.outcome ?? prev.outcome, seed: m.seed ?? prev.seed,
            dice: m.dice ?? (prev.dice && { ...prev.dice, phase: 'done' }) };
          if (m.events.length && m.stateId !== prev.stateId) {
            setLog((l) => [...l, ...tagEvents(m.events, turnLabel(next, laRef.current))]);
          }
          return next;
        });
        clearSel();
        if (m.dice) void contribute(m.gameId, m.dice);
      } else if (m.type === 'error') {
        setToast(m.rule ? `${m.rule}: ${m.message}` : m.message);
      } else if (m.type === 'takeback-request') {
        setPlay((prev) => (prev ? { ...prev, takeback: m as unknown as TakebackRequest } : prev));
      } else if (m.type === 'takeback-answer') {
        setToast(`Takeback ${m.accepted ? 'accepted' : 'declined'} by ${m.by}`);
      } else if (m.type === 'presence') {
        setPlay((prev) => (prev ? { ...prev, seats: m.seats } : prev));
      } else if (m.type === 'your-turn') {
        const p = playRef.current;
        notifyYourTurn(p ? `Theater: ${p.ruleset} · ${p.scenario}` : 'Theater', m.text, m.gameId);
      } else if (m.type === 'rematch') {
        setPlay((prev) => (prev ? { ...prev, rematch: m.gameId } : prev));
        if (rematchAsked.current) return; // this page asked: it is on its way there
        setRematchOffer(m.token.token);
        // Into "my games" at once; the seat is the server's to say (a swap moved it).
        void api.play(m.token.token).then((r) => rememberToken({ token: m.token.token, gameId: r.gameId, seat: r.seat, ruleset: r.ruleset }))
          .catch(() => {});
      }
    };
    const live = new Live(token, onMsg, setConnected);
    liveRef.current = live;
    return () => live.close();
  }, [token]);

  const view = play?.view;
  // Until every seat has contributed to the dice the game takes no action (docs/fair-dice.md).
  const dice = play?.dice;
  const diceWait = dice && dice.phase !== 'done'
    ? Object.entries(dice.seats).filter(([, s]) => s === (dice.phase === 'commit' ? 'waiting' : 'committed')).map(([s]) => s) : [];
  const prompt = diceWait.length ? null : view?.prompt ?? null;
  const assets = la?.assets ?? {};
  const geo = la?.geo ?? null;
  const board = useMemo(() => readBoardView(view?.state, assets), [view, la]);
  const isPlace = useMemo(() => {
    const boxes = new Set(assets.map?.boxes?.map((b) => b.id) ?? []);
    return (s: string) => !!geo?.hexes.has(s) || boxes.has(s);
  }, [la]);
  const picks = useMemo(() => derivePicks(prompt?.choices ?? [], isPlace, assets.actionFields), [prompt, isPlace]);
  const highlights = useMemo(() => highlighted(picks, selUnit), [picks, selUnit]);
  const activeUnits = useMemo(() => new Set(picks.units.keys()), [picks]);
  const odds = useMemo(() => oddsByChoice(prompt?.choices ?? [], prompt?.context), [prompt]);
  const shown = useMemo(() => {
    if (!prompt) return [];
    if (narrow) return narrow.idx;
    if (selUnit && picks.units.has(selUnit)) return picks.units.get(selUnit)!;
    return prompt.choices.map((_, i) => i);
  }, [prompt, narrow, selUnit, picks]);

  const fail = (e: unknown) => {
    if (e instanceof ApiError && e.body.error === 'stale') {
      setToast('The game moved on; showing the current position.');
      void reload();
    } else setToast((e as Error).message);
  };

  const send = async (action: Action) => {
    if (!play || busy) return;
    setBusy(true);
    try {
      await liveRef.current!.act(play.stateId, action);
      clearSel();
      if (!connected) await reload();
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };

  const choose = (i: number) => {
    const c = prompt?.choices[i];
    if (!c) return;
    if (odds.has(i) && armed !== i) { setArmed(i); return; }
    void send(c.action);
  };

  const onHex = (id: string) => {
    const m = choicesAt(picks, id, selUnit);
    if (m.length === 1) { choose(m[0]!); return; }
    if (m.length > 1) { setNarrow({ label: `${selUnit ? selUnit + ' to ' : ''}${id}`, idx: m }); return; }
    setSelHex(id === selHex && !selUnit ? null : id);
    setExpanded(null);
    setSelUnit(null);
    setNarrow(null);
  };

  /** `direct`: picked from a list (no stack to spread first). */
  const onUnit = (id: string, where: string, direct = false) => {
    // A click on a counter in a target hex picks the hex: the selected unit's destination, or (no selection) a
    // place choice such as an attack on the enemy units drawn there.
    if (highlights.has(where) && (selUnit ? selUnit !== id : !activeUnits.has(id))) { onHex(where); return; }
    const stack = board.units.filter((u) => u.where === where && !u.aboard);
    if (!direct && stack.length > 1 && expanded !== where && geo?.hexes.has(where)) {
      setExpanded(where);
      setSelHex(where);
      return;
    }
    if (activeUnits.has(id)) {
      setSelUnit(selUnit === id ? null : id);
      setNarrow(null);
      setArmed(null);
    } else {
      setSelHex(where);
    }
  };

  const undo = async () => {
    if (!play) return;
    setBusy(true);
    try { await liveRef.current!.undo(play.stateId); clearSel(); if (!connected) await reload(); } catch (e) { fail(e); } finally { setBusy(false); }
  };
  const askTakeback = async () => {
    if (!play || play.view.seq === 0) return;
    try { await liveRef.current!.takeback(play.view.seq - 1); setToast('Takeback asked; waiting for the other side.'); } catch (e) { fail(e); }
  };
  const answerTakeback = async (accept: boolean) => {
    try { await liveRef.current!.takebackAnswer(accept); if (!connected) await reload(); else setPlay((p) => (p ? { ...p, takeback: null } : p)); } catch (e) { fail(e); }
  };
  const claim = async (mode: 'win' | 'ai', seat: string) => {
    setBusy(true);
    try { await api.claim(token, mode, seat); await reload(); } catch (e) { fail(e); } finally { setBusy(false); }
  };
  const resign = async () => {
    if (!confirm('Resign this game?')) return;
    try { await liveRef.current!.resign(); if (!connected) await reload(); } catch (e) { fail(e); }
  };
  const rematch = async (swap: boolean) => {
    if (!play) return;
    setBusy(true);
    rematchAsked.current = true;
    try {
      const r = await api.rematch(token, swap);
      rememberRematch(play, r);
      navigate(`/play/${r.yourToken.token}`);
    } catch (e) {
      rematchAsked.current = false;
      // 409: someone was quicker; the reloaded game names the rematch.
      if (e instanceof ApiError && e.body.error === 'conflict') { setToast(e.message); await reload(); } else fail(e);
    } finally {
      setBusy(false);
    }
  };
  const download = async () => {
    try {
      const l = await api.log(token);
      const a = document.createElement('a');
      a.href = URL.createObjectURL(new Blob([JSON.stringify(l, null, 1)], { type: 'application/json' }));
      a.download = `${play?.ruleset ?? 'game'}-${play?.gameId ?? ''}.theater.json`;
      a.click();
    } catch (e) { fail(e); }
  };

  const otherSeatsHere = useMemo(() => {
    if (!play) return [];
    return loadTokens().filter((t) => t.gameId === play.gameId && t.token !== token && t.seat)
      .map((t) => ({ seat: t.seat!, token: t.token, hasTurn: play.view.waitingFor.some((w) => w.seat === t.seat) }));
  }, [play, token]);

  // Keyboard shortcuts (docs/web.md, help overlay).
  const keyRef = useRef<(e: KeyboardEvent) => void>(() => {});
  keyRef.current = (e: KeyboardEvent) => {
    if (isTyping(e) || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === '?') { setHelp(!help); e.preventDefault(); return; }
    if (e.key === 'Escape') { setHelp(false); setCharts(false); if (armed !== null) setArmed(null); else clearSel(); return; }
    if (mapKeys(e, mapRef.current)) { e.preventDefault(); return; }
    if (/^[1-9]$/.test(e.key) && prompt) {
      const i = shown[Number(e.key) - 1];
      if (i !== undefined) choose(i);
      return;
    }
    if (e.key === 'Enter' && armed !== null && prompt) { void send(prompt.choices[armed]!.action); return; }
    if (e.key === 'u' && (play?.undoable ?? 0) > 0) { void undo(); return; }
    if (e.key === 'i') { setShowIds(!showIds); return; }
    if (e.key === 'l') { setShowLog(!showLog); return; }
    if (e.key === 'c' && selHex) { mapRef.current?.centerOn(selHex); return; }
    if (e.key === 'n') {
      const ids = [...activeUnits];
      if (!ids.length) return;
      const next = ids[(ids.indexOf(selUnit ?? '') + 1) % ids.length]!;
      setSelUnit(next);
      setNarrow(null);
      const u = board.units.find((x) => x.id === next);
      if (u && geo?.hexes.has(u.where)) { setSelHex(u.where); mapRef.current?.centerOn(u.where); }
    }
  };
  useEffect(() => {
    const h = (e: KeyboardEvent) => keyRef.current(e);
    addEventListener('keydown', h);
    return () => removeEventListener('keydown', h);
  }, []);

  // Local time when the server's clock figures arrived: the display ticks from there.
  const clockAt = useMemo(() => performance.now(), [play?.clocks]);
  const aiLevels = useMemo(
    () => Object.fromEntries(play?.seats.filter((s) => s.kind === 'ai').map((s) => [s.seat, s.level ?? 1]) ?? []),
    [play?.seats],
  );
  const aiSeats = useMemo(() => Object.keys(aiLevels), [aiLevels]);
  const existingRematch = useMemo(() => {
    if (!play?.rematch) return null;
    // The server names this seat's link in the rematch; a browser may also hold one from starting it.
    const held = loadTokens().filter((t) => t.gameId === play.rematch);
    const token = play.rematchToken?.token ?? (held.find((t) => t.seat === play.seat) ?? held[0])?.token ?? null;
    return { gameId: play.rematch, token };
  }, [play?.rematch, play?.rematchToken, play?.seat, rematchOffer]);

  useEffect(() => {
    document.title = play?.view.prompt && play.status !== 'finished' ? '● Your decision · Theater' : 'Theater';
  }, [play]);

  if (err && !play) {
    return <div class="page error-page"><h1>Cannot open this game</h1><p data-testid="error">{err}</p><a href="/" onClick={(e) => { e.preventDefault(); navigate('/'); }}>Home</a></div>;
  }
  if (!play || !view || !la) return <div class="page loading">Loading…</div>;

  const tb = play.takeback;
  const mine = !!prompt && play.status !== 'finished';
  const expiredOpponents = play.seat && play.status !== 'finished' ? (play.clocks?.expired ?? []).filter((s) => s !== play.seat) : [];
  return (
    <div class={'game' + (showLog ? '' : ' no-log')} data-testid="game" data-seq={view.seq} data-state-id={play.stateId}>
      <header class="topbar">
        <a class="brand" href="/" onClick={(e) => { e.preventDefault(); navigate('/'); }}>Theater</a>
        <span class="title">{play.ruleset} · {play.scenario}</span>
        <span class="status" data-testid="status">{board.turn && assets.turns && !view.status.includes(board.turn.label) ? `${board.turn.label} · ` : ''}{view.status}</span>
        <span class={'seat-badge side-' + (play.seat ?? 'spectator')} data-testid="seat">{play.seat ?? 'spectator'}</span>
        {mine && <span class="your-turn" data-testid="your-turn">your decision</span>}
        {play.clocks && <Clocks clocks={play.clocks} receivedAt={clockAt} mySeat={play.seat} aiSeats={aiSeats} onZero={() => void reload()} />}
        <span class="spacer" />
        <span class={'conn ' + (connected ? 'on' : 'off')} title={connected ? 'live' : 'offline: reconnecting'}>{connected ? '●' : '○'}</span>
        {play.seat && <button data-testid="undo" disabled={busy || play.undoable === 0} onClick={undo} title="Undo your last action (u)">Undo</button>}
        {play.seat && <button data-testid="takeback" disabled={busy || view.seq === 0 || !!view.outcome} onClick={askTakeback} title="Ask the other side to take back the last action">Takeback</button>}
        {assets.charts?.length ? <button onClick={() => setCharts(true)}>Charts</button> : null}
        <button onClick={() => setShowIds(!showIds)} title="Hex ids (i)" disabled={!geo}>Ids</button>
        <button onClick={() => setShowShare(!showShare)} aria-pressed={showShare} data-testid="share-open"
          title="Links to this game, your turn alerts, the dice seed">Share</button>
        <button onClick={() => navigate(`/replay/${play.gameId}${play.seat && (view.outcome || play.status === 'finished') ? `?seat=${play.seat}` : ''}`)} data-testid="open-replay">Replay</button>
        {play.seat && !view.outcome && play.status !== 'finished' && <button onClick={resign} data-testid="resign">Resign</button>}
        <button onClick={() => setHelp(true)} title="Help (?)" aria-label="Help">?</button>
      </header>
      <NotesBanner assets={assets} />
      {play.imported && (
        <div class="banner" data-testid="imported">
          Imported game: its first {play.imported.entries} log entries were played elsewhere, with dice whoever imported it could know.
          The dice from here on are this server's (docs/fair-dice.md).
        </div>
      )}
      {diceWait.length > 0 && (
        <div class="banner" data-testid="dice-wait">
          Fair dice: the game starts once every seat has taken its seat; waiting for {diceWait.join(', ')}.
        </div>
      )}
      {tb && play.seat && tb.requestedBy !== play.seat && (
        <div class="banner takeback-ask" data-testid="takeback-request">
          {tb.requestedBy} asks to take back to action {tb.to}.
          <button class="primary" onClick={() => answerTakeback(true)}>Accept</button>
          <button onClick={() => answerTakeback(false)}>Decline</button>
        </div>
      )}
      {expiredOpponents.length > 0 && <ClaimBanner expired={expiredOpponents} busy={busy} onClaim={claim} />}
      {play.serverResult && <div class="banner" data-testid="server-result">{play.serverResult.result}</div>}
      {play.seat && (rematchOffer || (play.status === 'finished' && !rematchAsked.current)) && (
        <RematchBanner offer={rematchOffer} existing={existingRematch} busy={busy} onRematch={(swap) => void rematch(swap)} />
      )}
      <main class="main">
        <BoardPane assets={assets} geo={geo} board={board} state={view.state} activeUnits={activeUnits} selectedUnit={selUnit}
          selectedHex={selHex} highlights={highlights} expandedHex={expanded} showIds={showIds} onHex={onHex} onUnit={onUnit} mapRef={mapRef} />
        <aside class="side">
          <PromptPanel view={view} seat={play.seat} prompt={prompt} shown={shown}
            narrowedTo={narrow?.label ?? (selUnit && picks.units.has(selUnit) ? selUnit : null)}
            onClearNarrow={() => { setNarrow(null); setSelUnit(null); }} odds={odds} armed={armed} onChoose={choose}
            onConfirm={() => armed !== null && prompt && void send(prompt.choices[armed]!.action)} onDisarm={() => setArmed(null)}
            busy={busy} board={board} counters={assets.counters} unitFields={assets.actionFields?.units} otherSeatsHere={otherSeatsHere}
            onSwitchSeat={(t) => navigate(`/play/${t}`)} aiLevels={aiLevels}
            finished={play.status === 'finished' ? (play.serverResult?.result ?? 'The game has ended') : null} />
          {showShare && <SharePanel play={play} token={token} onClose={() => setShowShare(false)} />}
          {selHex && <HexInfo id={selHex} assets={assets} board={board} onUnit={onUnit} activeUnits={activeUnits} />}
          {showLog && <LogPanel items={log} onDownload={download} loadMoves={() => api.log(token)} version={play.stateId} />}
        </aside>
      </main>
      {toast && <div class="toast" data-testid="toast" role="alert" onClick={() => setToast(null)}>{toast}</div>}
      {help && <HelpOverlay onClose={() => setHelp(false)} />}
      {charts && <ChartsOverlay assets={assets} onClose={() => setCharts(false)} />}
    </div>
  );
}

/**
 * Keeps a rematch this page started: the new token in "my games" (every seat's when this browser held every seat
 * of the old game: hot-seat), and its links and commitment as its creator's.
 */
function rememberRematch(old: Play, r: RematchResponse): void {
  const held = new Set(loadTokens().filter((t) => t.gameId === old.gameId).map((t) => t.seat));
  const hotSeat = old.seats.every((s) => held.has(s.seat));
  const seats = Object.entries(r.seats);
  const own = seats.filter(([, t]) => t.token === r.yourToken.token);
  const others = hotSeat ? seats.filter(([, t]) => t.token !== r.yourToken.token) : [];
  // Own token last, so it heads the list.
  for (const [seat, t] of [...others, ...own]) rememberToken({ token: t.token, gameId: r.gameId, seat, ruleset: old.ruleset });
  rememberCreatedGame(r);
}
