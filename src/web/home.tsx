// Home: start a game, my games, join by link, open a log file.
import { useEffect, useState } from 'preact/hooks';
import { optionOn, type Json } from '../engine/types.ts';
import type { CreateGameResponse, GameLog, GameSummary, RulesetInfo, SeatSpec } from '../server/protocol.ts';
import { api, rulesetsCached } from './api.ts';
import { navigate } from './nav.ts';
import { forgetToken, loadTokens, rememberCreatedGame, rememberToken, tokenFromLink } from './storage.ts';
import { OptionInput } from './options.tsx';
import { CopyLink } from './game/share-panel.tsx';
import { serverResultText } from './game/names.ts';

type SeatChoice = 'me' | 'ai' | 'invite';

const optionDefaults = (r: RulesetInfo): Record<string, Json> => Object.fromEntries(r.options.map((o) => [o.id, o.default]));
/** The first seat is the player's; the others the AI's where the rule set has one, else hot-seat. */
const seatDefaults = (r: RulesetInfo): Record<string, { kind: SeatChoice; level: number }> =>
  Object.fromEntries(r.seats.map((s, i) => [s, { kind: (i === 0 ? 'me' : r.aiSeats.includes(s) ? 'ai' : 'me') as SeatChoice, level: 2 }]));

function NewGame({ rulesets, onCreated, initial }: {
  rulesets: RulesetInfo[]; onCreated(r: CreateGameResponse, mine: string[], invited: string[], ruleset: string): void; initial: string | null;
}) {
  const [rsId, setRsId] = useState(initial ?? rulesets[0]?.id ?? '');
  const rs = rulesets.find((r) => r.id === rsId) ?? rulesets[0];
  const [scenario, setScenario] = useState(() => rs?.scenarios[0]?.id ?? '');
  const [options, setOptions] = useState<Record<string, Json>>(() => (rs ? optionDefaults(rs) : {}));
  const [seats, setSeats] = useState<Record<string, { kind: SeatChoice; level: number }>>(() => (rs ? seatDefaults(rs) : {}));
  const [clock, setClock] = useState({ on: false, minutes: 60, increment: 30 });
  const [busy, setBusy] = useState(false);
  const [err, setErr] = useState<string | null>(null);
  const sc = rs?.scenarios.find((s) => s.id === scenario) ?? rs?.scenarios[0];
  // A seat some option enables (aae's Axis Minor) shows only while that option is on.
  const seatList = (sc?.seats ?? rs?.seats ?? []).filter((s) => !rs?.seatOptions?.[s] || optionOn(rs.options, options, rs.seatOptions[s]));
  /** Seats the scenario's scripted side plays when they are AI seats (ETO Case White's solitaire Poles). */
  const scripted = (sc && rs?.scripted?.seats[sc.id]) ?? [];

  // The form's defaults for a rule set: from the first render, then in the same update as the choice of rule set. The
  // effect only serves a listing that changes the rule set under the form; it never runs with the first render's
  // values after a choice (Preact runs effects after paint, so a first-render reset could undo a scenario picked at once).
  const [formFor, setFormFor] = useState<string | null>(rs?.id ?? null);
  const reset = (r: RulesetInfo) => {
    setFormFor(r.id);
    setScenario(r.scenarios[0]?.id ?? '');
    setOptions(optionDefaults(r));
    setSeats(seatDefaults(r));
  };
  useEffect(() => {
    if (rs && formFor !== rs.id) reset(rs);
  }, [rs?.id]);

  const create = async () => {
    if (!rs || !sc) return;
    setBusy(true);
    setErr(null);
    try {
      const spec: Record<string, SeatSpec> = {};
      for (const s of seatList) {
        const c0 = seats[s] ?? { kind: 'me', level: 2 };
        // An AI chosen for a scenario's scripted side does not carry over to a scenario without one.
        const c = c0.kind === 'ai' && !rs.aiSeats.includes(s) && !scripted.includes(s) ? { ...c0, kind: 'me' as SeatChoice } : c0;
        spec[s] = c.kind === 'ai' ? { kind: 'ai', level: c.level } : c.kind === 'me' ? { kind: 'human' } : { kind: 'open' };
      }
      const initialMs = Math.round(clock.minutes * 60_000), incrementMs = Math.round(clock.increment * 1000);
      if (clock.on && !(initialMs >= 1000 && incrementMs >= 0)) {
        throw new Error('Clocks: the time per player must be at least one second (e.g. 0.5 minutes) and the increment 0 or more seconds');
      }
      const r = await api.createGame({ ruleset: rs.id, scenario: sc.id, options, seats: spec, ...(clock.on ? { clock: { initialMs, incrementMs } } : {}) });
      const kind = (s: string) => ({ human: 'me', open: 'invite', ai: 'ai' } as const)[spec[s]!.kind];
      onCreated(r, seatList.filter((s) => kind(s) === 'me'), seatList.filter((s) => kind(s) === 'invite'), rs.id);
    } catch (e) {
      setErr((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  if (!rs) return <p class="muted">No rule sets available.</p>;
  return (
    <form class="card new-game" data-testid="new-game" onSubmit={(e) => { e.preventDefault(); void create(); }}>
      <h2>New game</h2>
      <label>Rule set
        <select value={rs.id} data-testid="ruleset" onChange={(e) => {
          const id = (e.target as HTMLSelectElement).value;
          setRsId(id);
          const r = rulesets.find((x) => x.id === id);
          if (r) reset(r);
        }}>
          {rulesets.map((r) => <option key={r.id} value={r.id}>{r.title}</option>)}
        </select>
      </label>
      <label>Scenario
        <select value={sc?.id} data-testid="scenario" onChange={(e) => setScenario((e.target as HTMLSelectElement).value)}>
          {rs.scenarios.map((s) => <option key={s.id} value={s.id}>{s.name}</option>)}
        </select>
      </label>
      {sc && <p class="muted small">{sc.description}</p>}
      {rs.options.map((o) => (
        <div class="option" key={o.id}>
          <label>{o.name}
            <OptionInput o={o} all={rs.options} value={options[o.id] ?? o.default} onChange={(v) => setOptions({ ...options, [o.id]: v })} />
          </label>
          <p class="muted small option-help" data-testid={`option-help-${o.id}`}>{o.description}</p>
        </div>
      ))}
      <fieldset>
        <legend>Seats</legend>
        {seatList.map((s) => {
          const c = seats[s] ?? { kind: 'me', level: 2 };
          return (
            <div class="seat-row" key={s}>
              <span class={`seat-badge side-${s}`} data-testid={`seat-name-${s}`}>{rs.seatNames[s] ?? s}</span>
              <select value={c.kind} data-testid={`seat-${s}`} onChange={(e) => setSeats({ ...seats, [s]: { ...c, kind: (e.target as HTMLSelectElement).value as SeatChoice } })}>
                <option value="me">Me (this browser)</option>
                {rs.aiSeats.includes(s) ? <option value="ai">AI</option>
                  : scripted.includes(s) && <option value="ai" title={rs.scripted!.name}>Scripted ({rs.scripted!.name.replace(/^.*?: /, '')})</option>}
                <option value="invite">Invite someone (link)</option>
              </select>
              {c.kind === 'ai' && rs.aiSeats.includes(s) && (
                <select value={c.level} aria-label="AI level" data-testid={`level-${s}`} onChange={(e) => setSeats({ ...seats, [s]: { ...c, level: Number((e.target as HTMLSelectElement).value) } })}>
                  <option value={1}>Easy</option><option value={2}>Normal</option><option value={3}>Hard</option>
                </select>
              )}
            </div>
          );
        })}
      </fieldset>
      <fieldset class="clock-set">
        <legend>
          <label><input type="checkbox" checked={clock.on} data-testid="clock-on" onChange={(e) => setClock({ ...clock, on: (e.target as HTMLInputElement).checked })} /> Clocks</label>
        </legend>
        {clock.on && (
          <>
            <label>Minutes per player
              <input type="number" min={0.02} step="any" value={clock.minutes} data-testid="clock-minutes"
                onInput={(e) => setClock({ ...clock, minutes: Number((e.target as HTMLInputElement).value) })} />
            </label>
            <label>Seconds added per action
              <input type="number" min={0} step="any" value={clock.increment} data-testid="clock-increment"
                onInput={(e) => setClock({ ...clock, increment: Number((e.target as HTMLInputElement).value) })} />
            </label>
            <p class="muted small">A player out of time may be claimed against (a win) or handed to the AI; AI seats have no clock.</p>
          </>
        )}
      </fieldset>
      {!rs.aiSeats.length && !scripted.length && <p class="muted small" data-testid="no-ai">No AI plays {rs.title} yet: every seat is played by a person.</p>}
      {err && <p class="error" data-testid="error">{err}</p>}
      <div class="row">
        <button class="primary" type="submit" data-testid="create" disabled={busy}>Start game</button>
        {rs.positions && (
          <button type="button" data-testid="open-editor" title="Set up units, turn and phase from this scenario, then play on or save the position file"
            onClick={() => navigate(`/editor?ruleset=${rs.id}&scenario=${encodeURIComponent(sc?.id ?? '')}&options=${encodeURIComponent(JSON.stringify(options))}`)}>
            Edit as a position…
          </button>
        )}
      </div>
    </form>
  );
}

function Invites({ r, mine, invited, onGo }: { r: CreateGameResponse; mine: string[]; invited: string[]; onGo(): void }) {
  const abs = (link: string) => new URL(link, location.href).href;
  return (
    <div class="card" data-testid="invites">
      <h2>Game created</h2>
      <p>Send each invited player their link; anyone with the spectator link can watch. This browser keeps them: the
        game's <i>Share</i> panel shows them again.</p>
      <ul class="links">
        {Object.entries(r.seats).filter(([s]) => invited.includes(s)).map(([s, t]) => (
          <li key={s} data-testid={`invite-row-${s}`}><b>{s}</b>: <CopyLink href={abs(t.link)} testId={`invite-${s}`} /></li>
        ))}
        <li data-testid="invite-row-spectator"><b>spectator</b>: <CopyLink href={abs(r.spectator.link)} testId="invite-spectator" /></li>
      </ul>
      <p class="muted small">Dice seed commitment: <code class="hash" data-testid="invite-commitment">{r.seedCommitment}</code></p>
      {mine.length > 0 && <button class="primary" onClick={onGo}>Enter the game</button>}
    </div>
  );
}

export function Home() {
  const [rulesets, setRulesets] = useState<RulesetInfo[]>([]);
  const [allInfo, setAllInfo] = useState<RulesetInfo[]>([]);
  const [games, setGames] = useState<GameSummary[] | null>(null);
  const [err, setErr] = useState<string | null>(null);
  const [link, setLink] = useState('');
  const [created, setCreated] = useState<{ r: CreateGameResponse; mine: string[]; invited: string[] } | null>(null);

  const refresh = async () => {
    const tokens = loadTokens().map((t) => t.token);
    try {
      setGames(tokens.length ? await api.myGames(tokens) : []);
    } catch (e) {
      setErr((e as Error).message);
    }
  };
  // Test games (hidden packages) are listed only when a link asks for one by id: /?ruleset=duel.
  const asked = new URLSearchParams(location.search).get('ruleset');
  useEffect(() => {
    rulesetsCached().then((all) => { setAllInfo(all); setRulesets(all.filter((r) => !r.hidden || r.id === asked)); }, (e: Error) => setErr(e.message));
    void refresh();
    // A list left open in a tab (a game played over days) is asked again when the tab comes back into view.
    const onShow = () => { if (!document.hidden) void refresh(); };
    document.addEventListener('visibilitychange', onShow);
    return () => document.removeEventListener('visibilitychange', onShow);
  }, []);

  // AI seats get tokens from the server too, but nobody is sent their link: only invited seats hold up the start.
  const onCreated = (r: CreateGameResponse, mine: string[], invited: string[], ruleset: string) => {
    for (const s of mine) rememberToken({ token: r.seats[s]!.token, gameId: r.gameId, seat: s, ruleset });
    rememberCreatedGame(r);
    const first = mine[0];
    if (invited.length === 0 && first) navigate(`/play/${r.seats[first]!.token}`);
    else {
      setCreated({ r, mine, invited });
      void refresh(); // "My games" beside the links lists the new game at once
    }
  };

  const importLog = async (file: File) => {
    try {
      const log = JSON.parse(await file.text()) as GameLog;
      const r = await api.importGame(log);
      const seats = Object.keys(r.seats);
      for (const s of seats) rememberToken({ token: r.seats[s]!.token, gameId: r.gameId, seat: s, ruleset: log.ruleset });
      rememberCreatedGame(r);
      if (seats[0]) navigate(`/play/${r.seats[seats[0]]!.token}`);
    } catch (e) {
      setErr(`Cannot open this log: ${(e as Error).message}`);
    }
  };

  const join = () => {
    const t = tokenFromLink(link);
    if (t) navigate(`/play/${t}`);
    else setErr('That is not a game link: paste the whole link (…/play/<token>) or the token.');
  };

  const titleOf = (id: string) => allInfo.find((r) => r.id === id)?.title ?? id;
  const scenarioOf = (id: string, sc: string) => allInfo.find((r) => r.id === id)?.scenarios.find((s) => s.id === sc)?.name ?? sc;
  const seatNameOf = (id: string, seat: string) => allInfo.find((r) => r.id === id)?.seatNames[seat] ?? seat;
  const inProgress = games?.filter((g) => g.status === 'running') ?? [];
  const finished = games?.filter((g) => g.status === 'finished') ?? [];
  const row = (g: GameSummary) => (
    <li key={g.token} class={'game-row' + (g.yourTurn ? ' your-turn' : '')} data-testid="my-game">
      <a href={`/play/${g.token}`} onClick={(e) => { e.preventDefault(); navigate(`/play/${g.token}`); }}>
        {titleOf(g.ruleset)} · {scenarioOf(g.ruleset, g.scenario)} · <b class="seat-name">{g.seat ? seatNameOf(g.ruleset, g.seat) : 'spectator'}</b>
      </a>
      {g.yourTurn && <span class="your-turn">your turn</span>}
      {!g.yourTurn && g.toMove?.length ? <span class="muted" data-testid="waiting-for">waiting for {g.toMove.map((s, i) => <>{i ? ', ' : ''}<span class="seat-name">{seatNameOf(g.ruleset, s)}</span></>)}</span> : null}
      {g.imported && <span class="muted" title="its first entries were played elsewhere">imported</span>}
      {g.outcome && <span class="muted">{g.outcome.result}</span>}
      {g.serverResult && <span class="muted" data-testid="server-result">{serverResultText(g.serverResult, (s) => seatNameOf(g.ruleset, s))}</span>}
      <span class="muted small">{new Date(g.updatedAt).toLocaleString()}</span>
      <button class="link" onClick={() => navigate(`/replay/${g.gameId}${g.seat && g.status === 'finished' ? `?seat=${g.seat}` : ''}`)}>replay</button>
      <button class="link" onClick={() => { forgetToken(g.token); void refresh(); }} title="Remove from this list (the game goes on)">forget</button>
    </li>
  );

  return (
    <div class="page home" data-testid="home">
      <header class="hero">
        <h1>Theater</h1>
        <p>WWII grand-strategy board wargames, every rule enforced.</p>
      </header>
      {err && <p class="error" data-testid="error" onClick={() => setErr(null)}>{err}</p>}
      <div class="home-grid">
        {created ? (
          <Invites r={created.r} mine={created.mine} invited={created.invited} onGo={() => navigate(`/play/${created.r.seats[created.mine[0]!]!.token}`)} />
        ) : (
          rulesets.length ? <NewGame rulesets={rulesets} onCreated={onCreated} initial={asked && rulesets.some((r) => r.id === asked) ? asked : null} /> : <div class="card"><p class="muted">Loading…</p></div>
        )}
        <div class="card">
          <h2>My games</h2>
          {/* Rows name rule sets and scenarios: shown once the listing has come (or failed), never as ids first. */}
          {games === null || (!allInfo.length && !err) ? <p class="muted">Loading…</p> : games.length === 0 ? <p class="muted">No games in this browser yet.</p> : (
            <>
              {inProgress.length > 0 && <><h3>In progress</h3><ul class="games">{inProgress.map(row)}</ul></>}
              {finished.length > 0 && <><h3>Finished</h3><ul class="games">{finished.map(row)}</ul></>}
            </>
          )}
          <h2>Join by link</h2>
          <form class="join" onSubmit={(e) => { e.preventDefault(); join(); }}>
            <input placeholder="Paste a game link" value={link} data-testid="join-link" onInput={(e) => setLink((e.target as HTMLInputElement).value)} />
            <button type="submit">Join</button>
          </form>
          <h2>Start from any position</h2>
          <p class="muted small">"Edit as a position…" under a new game opens its set-up in the position editor: move units,
            set the turn and phase, then play on or save the position file.</p>
          <h2>Open a log file</h2>
          <p class="muted small">A saved game (.theater.json): it is replayed and checked, then you can continue or replay it.</p>
          <input type="file" accept=".json,application/json" data-testid="import" onChange={(e) => { const f = (e.target as HTMLInputElement).files?.[0]; if (f) void importLog(f); }} />
        </div>
      </div>
    </div>
  );
}
