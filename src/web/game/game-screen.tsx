// The game screen: board, decision, stack inspector, log. Actions and a structured prompt's group choices go over the
// WebSocket the page holds (HTTP when it is down); the server's answers to questions (odds, why a click is illegal,
// what a choice leads to) over HTTP.
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { Action, Choice } from '../../engine/types.ts';
import type { PlayResponse, RematchResponse, RulesetInfo, ServerMessage, TakebackRequest, OddsReport, PreviewAnswer } from '../../server/protocol.ts';
import { actionKey } from '../../engine/kernel.ts';
import { api, ApiError, Live, OfflineError, rulesetsCached } from '../api.ts';
import { contribute } from '../dice.ts';
import { HelpOverlay } from '../help.tsx';
import { factorText, markText, pieceFactors, pieceName, placeLabel, seatLabel, type BoardView } from '../map/board-model.ts';
import type { MapHandle, MapTransform } from '../map/map-view.tsx';
import { choicesAt, derivePicks, groupOfUnit, placesOf, unitChoices } from '../map/picks.ts';
import { boardOf, fetchAssets, loadAssets, navigate, type LoadedAssets } from '../nav.ts';
import { actionsInForce, takebackPoint, type StepAction } from '../replay-steps.ts';
import {
  loadGame, loadMapView, loadSettings, loadTokens, rememberCreatedGame, rememberGame, rememberToken, saveMapView, saveSettings, type Settings,
} from '../storage.ts';
import { notifyYourTurn } from './alerts.tsx';
import { BoardPane } from './board-pane.tsx';
import { ClaimBanner, Clocks } from './clocks.tsx';
import { ChartsOverlay, NotesBanner } from './extras.tsx';
import { Glance } from './glance.tsx';
import { Inspector } from './inspector.tsx';
import { LogPanel, tagEvents, type LogItem } from './log-panel.tsx';
import { actionWords, LogNamesContext, makeLogNames, makeNames, NamesContext, serverResultText, toPlayNote, type Names } from './names.ts';
import { PromptPanel, type Armed } from './prompt-panel.tsx';
import { RematchBanner } from './rematch.tsx';
import { RuleCard, RulesContext, useRules } from './rules.tsx';
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

/** Kinds of next decision that cost the player something: a choice leading to one asks first (2WW 7: overstacked build). */
const LOSS_KINDS = new Set(['eliminate', 'allocate-loss', 'lose', 'remove', 'disband']);

/** One line about a place or a unit under the pointer. */
export function describeOnMap(la: LoadedAssets, board: BoardView, place: string, unit: string | null): string {
  const u = unit ? board.pieces.find((x) => x.id === unit) : undefined;
  if (u) {
    const f = pieceFactors(u, la.assets.counters);
    return [`${pieceName(u, la.assets.counters)}${f !== undefined && !u.hidden ? ` ${factorText(f)}` : ''}${u.reduced ? ' (reduced)' : ''}`,
      u.marks?.map(markText).join(', '), u.note, `in ${placeLabel(la.assets, place)}`].filter(Boolean).join(' — ');
  }
  const h = la.assets.board.hex?.hexes[place];
  const a = la.assets.board.areas?.[place];
  const n = board.pieces.filter((x) => x.where === place && !x.aboard).reduce((s, x) => s + (x.count ?? 1), 0);
  const what = h ? [h.kind === 'land' ? (h.terrain ?? 'clear') : h.kind, h.country && (la.assets.board.countries?.[h.country]?.name ?? h.country)].filter(Boolean).join(', ')
    : a ? `${a.kind} area${a.value !== undefined ? `, value ${a.value}` : ''}` : '';
  return `${placeLabel(la.assets, place)}${what ? ` — ${what}` : ''}${n ? ` — ${n} unit${n === 1 ? '' : 's'}` : ''}`;
}

/**
 * A handler that keeps its identity from render to render and runs the latest render's code: the memoised parts of the
 * screen given it (board, glance, inspector, log) skip the renders that change only what they do not show (the odds,
 * a preview's answer, the busy and in-flight flags), so a state update draws the whole screen once.
 */
function useHandler<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const latest = useRef(fn);
  latest.current = fn;
  return useCallback((...args: A) => latest.current(...args), []);
}

export function GameScreen({ token }: { token: string }) {
  const [play, setPlay] = useState<Play | null>(null);
  const [la, setLa] = useState<LoadedAssets | null>(null);
  const [info, setInfo] = useState<RulesetInfo | null>(null);
  const [err, setErr] = useState<string | null>(null);
  const [toast, setToast] = useState<string | null>(null);
  const [log, setLog] = useState<LogItem[]>([]);
  const [connected, setConnected] = useState(false);
  /** The state a request of this page (an action, an undo) was sent from, until it is answered. */
  const [busyAt, setBusyAt] = useState<number | null>(null);
  /** Requests of this page not answered yet (tests wait for 0). */
  const [inFlight, setInFlight] = useState(0);
  const [settings, setSettingsState] = useState<Settings>(loadSettings);
  const [selUnit, setSelUnit] = useState<string | null>(null);
  const [selGroup, setSelGroup] = useState<string | null>(null);
  const [groupList, setGroupList] = useState<{ key: string; stateId: number; choices: Choice[] } | null>(null);
  const [selPlace, setSelPlace] = useState<string | null>(null);
  /** The state whose one-unit lights (a set-up placement) Escape put out; a selection lights them again. */
  const [quiet, setQuiet] = useState<number | null>(null);
  const [narrow, setNarrow] = useState<{ label: string; place: string; choices: Choice[] } | null>(null);
  const [armed, setArmed] = useState<Armed | null>(null);
  const [refusal, setRefusal] = useState<{ rule?: string; message: string } | null>(null);
  const [odds, setOdds] = useState<{ stateId: number; byChoice: Map<number, { report: OddsReport | null; note?: string }> } | null>(null);
  const [help, setHelp] = useState(false);
  const [charts, setCharts] = useState(false);
  const [showShare, setShowShare] = useState(false);
  const [menu, setMenu] = useState(false);
  const [tab, setTab] = useState<'decide' | 'stack' | 'log'>('decide');
  const [ruleCard, setRuleCard] = useState<string | null>(null);
  /** This seat's token in a rematch an opponent started while this page was open. */
  const [rematchOffer, setRematchOffer] = useState<{ token: string; seat: string | null } | null>(null);
  const rematchAsked = useRef(false);
  const playRef = useRef<Play | null>(null);
  playRef.current = play;
  // Busy only while the state a request left from is shown: its answer may come after the new state (a push), and the
  // player may already be deciding on that one (the new decision's buttons must not wait for the answer).
  const busy = busyAt !== null && busyAt === play?.stateId;
  /** Runs a request sent from the state shown; `done` when it is answered while that state is still shown. */
  const request = async (job: () => Promise<unknown>, done?: () => void | Promise<void>) => {
    const at = playRef.current?.stateId ?? -1;
    setBusyAt(at);
    setInFlight((n) => n + 1);
    try {
      await job();
      // The new state's push (which clears the selection) usually comes first: a selection made on it stays.
      if (playRef.current?.stateId === at || !liveRef.current?.connected) await done?.();
    } catch (e) {
      fail(e);
    } finally {
      setBusyAt((b) => (b === at ? null : b));
      setInFlight((n) => n - 1);
    }
  };
  /** The group whose choices were asked for last: an earlier group's late answer is dropped. */
  const groupAsked = useRef<string | null>(null);
  const mapRef = useRef<MapHandle>(null);
  /** The side panel: on a phone a bottom sheet over the map's lower part. */
  const sideRef = useRef<HTMLElement>(null);
  const liveRef = useRef<Live | null>(null);
  const laRef = useRef<LoadedAssets | null>(null);
  laRef.current = la;
  const oddsWait = useRef<Promise<unknown> | null>(null);
  type OddsByChoice = Map<number, { report: OddsReport | null; note?: string }>;
  /** The odds request of the latest state, sent as soon as the state arrives (before it is drawn: #21 item 3). */
  const oddsAsked = useRef<{ stateId: number; answer: Promise<OddsByChoice> } | null>(null);
  const infoRef = useRef<RulesetInfo | null>(null);
  infoRef.current = info;
  const askOdds = (stateId: number): Promise<OddsByChoice> => {
    if (oddsAsked.current?.stateId === stateId) return oddsAsked.current.answer;
    const answer = api.inspect(token, stateId, { kind: 'odds' })
      .then((r) => new Map(r.answer.kind === 'odds' ? r.answer.entries.map((e) => [e.choice, { report: e.report, note: e.note }]) : []));
    oddsAsked.current = { stateId, answer };
    return answer;
  };
  const armedRef = useRef<Armed | null>(null);

  const setSettings = (s: Partial<Settings>) => setSettingsState((prev) => {
    const next = { ...prev, ...s };
    saveSettings(next);
    return next;
  });
  const clearSel = () => {
    groupAsked.current = null;
    setSelUnit(null); setSelGroup(null); setGroupList(null); setNarrow(null); setArmed(null); setRefusal(null);
  };

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
        // The same state again: keep the view object, so a selection or a narrowed list drawn from it stays.
        return prev && prev.gameId === p.gameId && prev.stateId === p.stateId && prev.view.seq === p.view.seq ? { ...p, view: prev.view } : p;
      });
      rememberToken({ token, gameId: p.gameId, seat: p.seat, ruleset: p.ruleset });
      void contribute(p.gameId, p.dice);
      // The first commitment this browser sees is kept (the creator's is kept at creation): later ones must match it.
      if (!loadGame(p.gameId)?.seedCommitment) rememberGame({ gameId: p.gameId, seedCommitment: p.seedCommitment });
      if (!laRef.current) {
        const [l, all] = await Promise.all([loadAssets(p.ruleset, p.scenario), rulesetsCached().catch(() => [])]);
        setInfo(all.find((r) => r.id === p.ruleset) ?? null);
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
    setSelPlace(null);
    void reload();
    const onMsg = (m: ServerMessage) => {
      if (m.type === 'state') {
        if (infoRef.current?.odds && m.view.prompt && m.status !== 'finished' && m.stateId !== playRef.current?.stateId) void askOdds(m.stateId).catch(() => {});
        setPlay((prev) => {
          if (!prev) return prev;
          // The same state again (the greeting after connect): keep the view object, so nothing is redrawn.
          const view = m.stateId === prev.stateId && m.view.seq === prev.view.seq ? prev.view : m.view;
          const next: Play = { ...prev, view, stateId: m.stateId, undoable: m.undoable, clocks: m.clocks, status: m.status,
            serverResult: m.serverResult, takeback: m.takeback, outcome: m.view.outcome ?? prev.outcome, seed: m.seed ?? prev.seed,
            dice: m.dice ?? (prev.dice && { ...prev.dice, phase: 'done' }) };
          if (m.events.length && m.stateId !== prev.stateId) {
            const turn = boardOf(next.view).turn?.label ?? (next.view.status || 'Game');
            setLog((old) => [...old, ...tagEvents(m.events, turn)]);
          }
          if (m.stateId !== prev.stateId) {
            clearSel();
            // A place picked earlier is not carried into the next decision (it lingered for turns).
            setSelPlace(null);
          }
          return next;
        });
        if (m.dice) void contribute(m.gameId, m.dice);
      } else if (m.type === 'error') {
        setToast(m.rule ? `${m.rule}: ${m.message}` : m.message);
      } else if (m.type === 'takeback-request') {
        setPlay((prev) => (prev ? { ...prev, takeback: m as unknown as TakebackRequest } : prev));
      } else if (m.type === 'takeback-answer') {
        setToast(`Takeback ${m.accepted ? 'accepted' : 'declined'} by ${seatLabel(laRef.current?.assets ?? null, m.by)}`);
        // A declined request is over (an accepted one brings a new state, without it).
        if (!m.accepted) setPlay((prev) => (prev ? { ...prev, takeback: null } : prev));
      } else if (m.type === 'presence') {
        setPlay((prev) => (prev ? { ...prev, seats: m.seats } : prev));
      } else if (m.type === 'your-turn') {
        const p = playRef.current;
        const i = infoRef.current;
        // The game by its names, as the top bar calls it (ids only until the rule set's listing has come).
        const named = p && (i ? `${i.title} · ${i.scenarios.find((sc) => sc.id === p.scenario)?.name ?? p.scenario}` : `${p.ruleset} · ${p.scenario}`);
        notifyYourTurn(named ? `Theater: ${named}` : 'Theater', m.text, m.gameId);
      } else if (m.type === 'rematch') {
        setPlay((prev) => (prev ? { ...prev, rematch: m.gameId } : prev));
        if (rematchAsked.current) return; // this page asked: it is on its way there
        setRematchOffer({ token: m.token.token, seat: null });
        // Into "my games" at once; the seat is the server's to say (a swap moved it), and the offer names it.
        void api.play(m.token.token).then((r) => {
          rememberToken({ token: m.token.token, gameId: r.gameId, seat: r.seat, ruleset: r.ruleset });
          setRematchOffer((o) => (o?.token === m.token.token ? { ...o, seat: r.seat } : o));
        }).catch(() => {});
      }
    };
    const live = new Live(token, onMsg, setConnected);
    liveRef.current = live;
    return () => live.close();
  }, [token]);

  armedRef.current = armed;
  const view = play?.view;
  // Until every seat has contributed to the dice the game takes no action (docs/fair-dice.md).
  const dice = play?.dice;
  const diceWait = dice && dice.phase !== 'done'
    ? Object.entries(dice.seats).filter(([, s]) => s === (dice.phase === 'commit' ? 'waiting' : 'committed')).map(([s]) => s) : [];
  const prompt = diceWait.length ? null : view?.prompt ?? null;
  const assets = la?.assets ?? null;
  const board = useMemo(() => boardOf(view), [view]);
  const names = useMemo(() => makeNames(assets, board), [assets, board]);
  const logNames = useMemo(() => makeLogNames(assets), [assets]);
  const picks = useMemo(() => {
    const where = new Map(board.pieces.map((u) => [u.id, u.where]));
    return derivePicks(prompt, (u) => where.get(u));
  }, [prompt, board]);
  const activeUnits = useMemo(() => new Set(picks.units.keys()), [picks]);
  const rules = useRules(play?.ruleset ?? null, !!info?.rules);

  // Choices that point at nothing (end the phase, pass) while others point at units or places: kept in view apart.
  const phaseChoices = useMemo(() => {
    if (!prompt) return [];
    const pointing = (c: Choice) => { const r = c.refs; return !!(r?.units?.length || r?.place || r?.targets?.length); };
    if (!prompt.groups?.length && !prompt.choices.some(pointing)) return [];
    return prompt.choices.filter((c) => !pointing(c));
  }, [prompt]);

  const unitList = useMemo(() => (prompt ? unitChoices(picks, selUnit).map((i) => prompt.choices[i]!) : []), [prompt, picks, selUnit]);
  const groupChoices = selGroup && groupList?.key === selGroup && groupList.stateId === play?.stateId ? groupList.choices : null;
  /** The choices a click on a place picks from: the selection's, else those naming only a place (or the prompt's one unit). */
  const pickList = useMemo(() => {
    if (!prompt) return [];
    if (selGroup) return groupChoices ?? [];
    if (selUnit || (picks.only && quiet !== play?.stateId)) return unitList;
    return [...picks.places.values()].flat().map((i) => prompt.choices[i]!);
  }, [prompt, selGroup, groupChoices, selUnit, picks, unitList, quiet, play?.stateId]);
  const highlights = useMemo(() => {
    const lit = placesOf(pickList);
    if (!selGroup && !selUnit) for (const p of picks.placeGroups) lit.add(p);
    return lit;
  }, [pickList, picks, selGroup, selUnit]);
  const list = narrow?.choices ?? (selGroup ? (groupChoices ?? []) : selUnit ? unitList : prompt?.choices ?? []);
  const selectedName = selGroup ? (prompt?.groups?.find((g) => g.key === selGroup)?.label ?? selGroup) : selUnit ? names.of(selUnit) : null;
  const marked = useMemo(() => (settings.overlay === 'supply' ? new Set(board.pieces.filter((p) => p.marks?.includes('out-of-supply')).map((p) => p.id)) : undefined), [board, settings.overlay]);

  // Exact odds of the listed choices that start a combat, asked once per state (rule sets with an odds adapter).
  useEffect(() => {
    if (!play || !prompt || !info?.odds || play.status === 'finished') { setOdds(null); oddsWait.current = null; return; }
    const stateId = play.stateId;
    let live = true;
    const p = askOdds(stateId).then((byChoice) => { if (live) setOdds({ stateId, byChoice }); },
      () => { if (live) setOdds({ stateId, byChoice: new Map() }); });
    oddsWait.current = p;
    return () => { live = false; };
  }, [play?.stateId, prompt, info?.odds]);

  const oddsOf = (c: Choice) => {
    const i = prompt?.choices.indexOf(c) ?? -1;
    return i >= 0 && odds?.stateId === play?.stateId ? odds?.byChoice.get(i) : undefined;
  };
  // While an attack is composed (its commit choice is listed with odds), its exact odds are shown as they stand.
  const running = useMemo(() => {
    if (!prompt || prompt.kind === 'move' || !odds || odds.stateId !== play?.stateId || odds.byChoice.size !== 1) return null;
    const first = [...odds.byChoice][0]!;
    return { choice: prompt.choices[first[0]]!, ...first[1] };
  }, [odds, prompt]);

  const fail = (e: unknown) => {
    if (e instanceof ApiError && e.body.error === 'stale') {
      setToast('The game moved on; showing the current position.');
      void reload();
    } else setToast((e as Error).message);
  };
  // Back online: a note that the server could not be reached has said its piece.
  useEffect(() => {
    if (connected) setToast((t) => (t === new OfflineError().message ? null : t));
  }, [connected]);

  const send = async (action: Action) => {
    const live = liveRef.current;
    if (!play || busy || !live) return;
    await request(() => live.act(play.stateId, action), async () => { clearSel(); if (!live.connected) await reload(); });
  };

  const attackKind = !!prompt && /attack|combat/i.test(prompt.kind);
  /** Choices whose consequences are previewed (a dice-free run on the server): all but movement's, phase choices always. */
  const previewed = (c: Choice) => !!prompt && (phaseChoices.includes(c) || prompt.kind !== 'move');

  // Previews of the choices most likely to need one, asked as soon as the decision is shown, so that a click rarely
  // waits for the server: the phase choices, and in an attack the choices aiming at enemy units.
  const previews = useRef<{ stateId: number; byKey: Map<string, Promise<PreviewAnswer | null>>; done: Map<string, PreviewAnswer | null> }>({ stateId: -1, byKey: new Map(), done: new Map() });
  const previewOf = (c: Choice): Promise<PreviewAnswer | null> => {
    const cur = previews.current;
    if (!play) return Promise.resolve(null);
    if (cur.stateId !== play.stateId) previews.current = { stateId: play.stateId, byKey: new Map(), done: new Map() };
    const k = actionKey(c.action);
    let p = previews.current.byKey.get(k);
    if (!p) {
      const box = previews.current;
      p = api.inspect(token, play.stateId, { kind: 'preview', action: c.action })
        .then((r) => (r.answer.kind === 'preview' ? r.answer : null), () => null)
        .then((a) => { box.done.set(k, a); return a; });
      box.byKey.set(k, p);
    }
    return p;
  };
  // The phase choices and (in an attack) the choices aiming at enemy units: asked as soon as the decision is shown, and
  // not clickable until answered, so that whether to confirm is known at the click.
  // A short list pointing at nothing ("End naval attacks" alone) is asked about whole.
  const candidates = useMemo(() => (!prompt || !play || play.status === 'finished' ? [] : [
    ...phaseChoices, ...(attackKind ? prompt.choices.filter((c) => c.refs?.targets?.length && !phaseChoices.includes(c)) : []),
    ...(!phaseChoices.length && prompt.kind !== 'move' && prompt.choices.length <= 4 && !prompt.groups?.length
      && prompt.choices.every((c) => !c.refs?.units?.length && !c.refs?.place && !c.refs?.targets?.length) ? prompt.choices : []),
  ].slice(0, 12)), [play?.stateId, prompt, phaseChoices]);
  const [, setPreviewed] = useState(0);
  useEffect(() => {
    const at = play?.stateId;
    const ask = () => { if (playRef.current?.stateId === at) for (const c of candidates) void previewOf(c).then(() => setPreviewed((n) => n + 1)); };
    // After the odds of the attack being composed: the previews do not share the server with them (#21 item 3).
    if (candidates.length && oddsWait.current) void oddsWait.current.finally(ask); else ask();
  }, [candidates]);
  const checking = (c: Choice) => !!play && candidates.includes(c)
    && !(previews.current.stateId === play.stateId && previews.current.done.has(actionKey(c.action)));

  /**
   * Why this choice should be confirmed first, from what is known: attacks still open when a combat phase is ended,
   * the game's end, a forced loss next, or a combat the server has no odds for (the choice rolls dice against enemy
   * units). Null: nothing to confirm.
   */
  const confirmation = (c: Choice, a: PreviewAnswer | null): Armed | null => {
    if (!prompt) return null;
    const warnings: string[] = [];
    if (phaseChoices.includes(c) && attackKind) {
      // Attacks still open: choices pointing at a place to attack (not at units to add to an attack being composed).
      const open: { label: string }[] = prompt.choices.filter((x) => { const r = x.refs; return x !== c && !!r?.place && !r.units?.length; });
      // A structured attack prompt's groups: one per hex an attack may reach (2WW's combat phase).
      open.push(...(prompt.groups ?? []).filter((g) => !!g.refs?.place && !g.refs.units?.length));
      if (open.length) {
        const shown = open.slice(0, 4).map((x) => x.label).join('; ');
        warnings.push(`${open.length} attack choice${open.length === 1 ? ' is' : 's are'} still open (${shown}${open.length > 4 ? '…' : ''}). ${c.label} anyway?`);
      }
    }
    if (a?.known && a.outcome) warnings.push(`This ends the game: ${a.outcome.result}${a.outcome.rule ? ` (${a.outcome.rule})` : ''}.`);
    if (a?.known && a.next && LOSS_KINDS.has(a.next.kind)) warnings.push(`Next you would have to: ${a.next.text} (${a.next.rule}).`);
    // Not where choosing losses is the decision itself (casualties).
    if (a?.known && a.lost?.length && !LOSS_KINDS.has(prompt.kind)) {
      const what = a.lost.map((l) => `${l.count > 1 ? `${l.count} × ` : ''}${pieceName(l.piece, assets?.counters)}`).join(', ');
      warnings.push(`${c.label} loses ${what}.`);
    }
    const combat = !!a && !a.known && attackKind && !!c.refs?.targets?.length;
    if (!warnings.length && !combat) return null;
    return {
      choice: c, ...(warnings.length ? { warning: warnings.join(' ') } : {}),
      ...(combat ? { odds: { report: null, note: info?.odds ? 'not available for this attack' : 'the server has no odds engine for this rule set yet' } } : {}),
    };
  };

  const choose = async (c: Choice) => {
    if (!prompt || busy || !play) return;
    if (armed?.choice === c && !armed.pending) { void send(c.action); return; }
    setRefusal(null);
    if (info?.odds && odds?.stateId !== play.stateId && oddsWait.current) await oddsWait.current;
    const o = oddsOf(c);
    if (o) { setArmed({ choice: c, odds: o }); return; }
    if (!previewed(c)) { void send(c.action); return; }
    const k = actionKey(c.action);
    const known = previews.current.stateId === play.stateId && previews.current.done.has(k);
    if (known) {
      const ask = confirmation(c, previews.current.done.get(k) ?? null);
      if (ask) setArmed(ask); else void send(c.action);
      return;
    }
    // Not known yet: the choice waits in the confirmation box while the server answers; with nothing to say it goes.
    const sync = confirmation(c, null);
    setArmed(sync ?? { choice: c, pending: true });
    const a = await previewOf(c);
    // The player may have cancelled, confirmed or picked something else meanwhile: only a choice still waiting moves on.
    if (armedRef.current?.choice !== c || !armedRef.current.pending && !sync) return;
    const ask = confirmation(c, a);
    if (ask) { setArmed(ask); return; }
    setArmed(null);
    void send(c.action);
  };

  /** `oneGoes`: a group picked by its place (a hex to attack) whose one choice is then made at once, as a listed one. */
  const selectGroup = async (key: string, oneGoes = false) => {
    const live = liveRef.current;
    if (!play || !live) return;
    setSelGroup(key); setSelUnit(null); setNarrow(null); setArmed(null); setRefusal(null);
    groupAsked.current = key;
    const stateId = play.stateId;
    try {
      const choices = await live.choices(stateId, key);
      // Another unit picked meanwhile: its list, asked later, must not be replaced by this one ("Loading…" for good).
      if (groupAsked.current !== key) return;
      setGroupList({ key, stateId, choices });
      if (oneGoes && choices.length === 1) void choose(choices[0]!);
    } catch (e) {
      fail(e);
    }
  };

  /** An illegal click on the map: ask the rules why (the selection's choice to elsewhere, sent here instead). */
  const explain = async (place: string) => {
    if (!play) return;
    const sibling = pickList.find((c) => c.refs?.place);
    const from = sibling && sibling.refs?.place;
    const who = selectedName ?? 'This';
    if (!sibling || !from) { setRefusal({ message: `${who}: no choice leads to ${placeLabel(assets, place)}.` }); return; }
    const swap = (v: unknown): unknown => (v === from ? place : Array.isArray(v) ? v.map(swap) : v);
    const action = Object.fromEntries(Object.entries(sibling.action).map(([k, v]) => [k, swap(v)])) as Action;
    try {
      const r = await api.inspect(token, play.stateId, { kind: 'explain', action });
      const a = r.answer;
      if (a.kind === 'explain' && !a.legal) setRefusal({ rule: a.rule, message: `${placeLabel(assets, place)}: ${a.message}` });
      else setRefusal({ message: `${who}: no listed choice leads to ${placeLabel(assets, place)}.` });
    } catch (e) {
      fail(e);
    }
  };

  const onPlace = (id: string) => {
    const m = choicesAt(pickList, id);
    if (m.length === 1) { void choose(m[0]!); return; }
    if (m.length > 1) { setNarrow({ label: `${selectedName ? `${selectedName} to ` : ''}${placeLabel(assets, id)}`, place: id, choices: m }); return; }
    if ((selUnit || selGroup) && !highlights.has(id)) { void explain(id); setSelPlace(id); return; }
    const g = picks.groupAt.get(id);
    if (g && !selGroup) { void selectGroup(g, picks.placeGroups.has(id)); setSelPlace(id); return; }
    setSelPlace(id === selPlace && !selUnit ? null : id);
    setTab('stack');
    clearSel();
  };

  /** Where a group's units stand (else the place it names): the place to show when it is picked from the list. */
  const groupPlace = (key: string): string | null => {
    const g = prompt?.groups?.find((x) => x.key === key);
    const unit = g?.refs?.units?.[0];
    return (unit && board.pieces.find((u) => u.id === unit)?.where) || g?.refs?.place || null;
  };

  /** `direct`: picked from a list (the inspector, a panel), not a stack on the map. */
  const onUnit = (id: string, where: string, direct = false) => {
    if (direct) mapRef.current?.reveal(where);
    const inSel = selGroup ? !!prompt?.groups?.find((g) => g.key === selGroup)?.refs?.units?.includes(id) : selUnit === id;
    // A click on a counter in a lit place picks the place: the selection's destination, or a place choice (an attack).
    if (highlights.has(where) && !inSel && (selUnit || selGroup || !activeUnits.has(id))) { onPlace(where); return; }
    setSelPlace(where);
    let pick = id;
    if (!activeUnits.has(id) && !direct) {
      // A stack's top counter has no choice: select the stack's one unit that has, if there is just one.
      const here = board.pieces.filter((u) => u.where === where && activeUnits.has(u.id));
      if (here.length === 1) pick = here[0]!.id;
    }
    if (!activeUnits.has(pick)) { clearSel(); setTab('stack'); return; }
    // A second click on the map deselects; a pick from a list always selects.
    const g = groupOfUnit(prompt, pick);
    if (g) {
      if (selGroup === g.key && !direct) { clearSel(); return; }
      if (selGroup !== g.key) void selectGroup(g.key);
      return;
    }
    setSelGroup(null); setGroupList(null);
    setSelUnit(selUnit === pick && !direct ? null : pick);
    setNarrow(null); setArmed(null); setRefusal(null);
  };

  const undo = async () => {
    if (!play) return;
    await request(() => liveRef.current!.undo(play.stateId), async () => { clearSel(); if (!connected) await reload(); });
  };
  const askTakeback = async () => {
    if (!play || play.view.seq === 0) return;
    try {
      // Back to before your own last action (with whatever the other side did after it), not the other side's last.
      const here = new Set([play.seat!, ...otherSeatsHere.map((x) => x.seat)]);
      const to = takebackPoint(actionsInForce((await api.log(token)).entries), here);
      if (to === null) { setToast('You have no action in force to take back.'); return; }
      await liveRef.current!.takeback(to);
      setToast('Takeback asked; waiting for the other side.');
      // The server tells the other seats; this page keeps its own request (a hot-seat browser answers it: answerHere).
      const asked = { to, requestedBy: play.seat!, stateId: play.stateId };
      setPlay((p) => (p && p.stateId === asked.stateId ? { ...p, takeback: p.takeback ?? asked } : p));
    } catch (e) { fail(e); }
  };
  const answerTakeback = async (accept: boolean) => {
    // The server's messages follow: the new state (agreed by all), the request with this consent (others to agree), or the end of it.
    try { await liveRef.current!.takebackAnswer(accept); if (!connected) await reload(); } catch (e) { fail(e); }
  };
  /** Hot-seat: the takeback this seat asked for, answered for the other seats this browser holds (their tokens). */
  const answerTakebackFor = async (others: string[], accept: boolean) => {
    try {
      for (const t of accept ? others : others.slice(0, 1)) await api.takebackAnswer(t, accept);
      await reload();
    } catch (e) { fail(e); }
  };
  const claim = async (mode: 'win' | 'ai', seat: string) => {
    await request(() => api.claim(token, mode, seat).then(reload));
  };
  const resign = async () => {
    if (!confirm('Resign this game?')) return;
    try { await liveRef.current!.resign(); if (!connected) await reload(); } catch (e) { fail(e); }
  };
  const rematch = async (swap: boolean) => {
    if (!play) return;
    setBusyAt(play.stateId);
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
      setBusyAt(null);
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
      // No seat has a turn while the dice are being keyed (the game has not begun).
      .map((t) => ({ seat: t.seat!, token: t.token, hasTurn: !diceWait.length && play.view.waitingFor.some((w) => w.seat === t.seat) }));
  }, [play, token, diceWait.length]);

  // What a takeback request would take back, from the log file (fetched when a request comes): named in its banner.
  const [undone, setUndone] = useState<Undone | null>(null);
  const tbKey = play?.takeback ? `${play.takeback.stateId}:${play.takeback.to}` : null;
  useEffect(() => {
    const t = play?.takeback;
    if (!t) return;
    let on = true;
    api.log(token).then((l) => { if (on) setUndone({ stateId: t.stateId, moves: actionsInForce(l.entries).slice(t.to) }); }, () => {});
    return () => { on = false; };
  }, [tbKey, token]);

  // Keyboard shortcuts (docs/web.md, help overlay).
  const keyRef = useRef<(e: KeyboardEvent) => void>(() => {});
  keyRef.current = (e: KeyboardEvent) => {
    if (isTyping(e) || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === '?') { setHelp(!help); e.preventDefault(); return; }
    if (e.key === 'Escape') {
      // An open overlay (help, charts, a rule card, the menu) is what Escape closes; the map keeps its lights.
      if (help || charts || ruleCard || menu) { setHelp(false); setCharts(false); setRuleCard(null); setMenu(false); return; }
      if (armed) setArmed(null); else if (selUnit || selGroup || narrow) clearSel(); else setSelPlace(null);
      if (!armed && play) setQuiet(play.stateId);
      return;
    }
    if (mapKeys(e, mapRef.current)) { e.preventDefault(); return; }
    if (/^[1-9]$/.test(e.key) && prompt) {
      const c = list.filter((x) => !phaseChoices.includes(x))[Number(e.key) - 1];
      if (c) void choose(c);
      return;
    }
    if (e.key === 'Enter' && armed && prompt) { void send(armed.choice.action); return; }
    if (e.key === 'u' && (play?.undoable ?? 0) > 0) { void undo(); return; }
    if (e.key === 'i') { setSettings({ showIds: !settings.showIds }); return; }
    if (e.key === 'l') { setSettings({ showLog: !settings.showLog }); return; }
    if (e.key === 'c') {
      const at = (selGroup ? groupPlace(selGroup) : selUnit ? board.pieces.find((u) => u.id === selUnit)?.where : null) ?? selPlace;
      if (at) mapRef.current?.centerOn(at);
      return;
    }
    if (e.key === 'n') {
      const ids = [...activeUnits];
      if (!ids.length) return;
      const next = ids[(ids.indexOf(selUnit ?? '') + 1) % ids.length]!;
      const u = board.pieces.find((x) => x.id === next);
      if (u) { onUnit(next, u.where, true); mapRef.current?.centerOn(u.where); }
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
  // Whether each other player has a page of the game open (presence messages), for the waiting line.
  const online = useMemo(() => {
    const here = new Set(otherSeatsHere.map((x) => x.seat));
    return Object.fromEntries(play?.seats.filter((s) => s.kind !== 'ai' && s.seat !== play.seat && !here.has(s.seat)).map((s) => [s.seat, s.connected]) ?? []);
  }, [play?.seats, play?.seat, otherSeatsHere]);
  const existingRematch = useMemo(() => {
    if (!play?.rematch) return null;
    // The server names this seat's link in the rematch; a browser may also hold one from starting it.
    const held = loadTokens().filter((t) => t.gameId === play.rematch);
    const token = play.rematchToken?.token ?? (held.find((t) => t.seat === play.seat) ?? held[0])?.token ?? null;
    return { gameId: play.rematch, token };
  }, [play?.rematch, play?.rematchToken, play?.seat, rematchOffer]);
  // The first view frames the units that have choices, else the places lit (a set-up placing a unit from the pool), else
  // this seat's pieces, else all pieces: never the map's empty middle. Made again once the fair-dice round is over.
  const started = !!play && !diceWait.length;
  const focus = useMemo(() => {
    const onMap = (p: string) => !!la?.geo?.centre(p);
    const at = (ps: typeof board.pieces) => ps.map((p) => p.where).filter(onMap);
    const active = at(board.pieces.filter((p) => activeUnits.has(p.id)));
    if (active.length) return active;
    const lit = [...highlights].filter(onMap);
    if (lit.length) return lit;
    const own = play?.seat ? at(board.pieces.filter((p) => p.power === play.seat || p.side === play.seat)) : [];
    return own.length ? own : at(board.pieces);
  }, [play?.gameId, la, started]);
  // The seats deciding now (not the phasing side: another seat may answer in its turn), as a stable list for the glance.
  const decidingKey = diceWait.length || !view || view.outcome ? '' : view.waitingFor.map((w) => w.seat).join(' ');
  const deciding = useMemo(() => (decidingKey ? decidingKey.split(' ') : []), [decidingKey]);
  const initialView = useMemo(() => (play ? loadMapView(play.gameId) : null), [play?.gameId]);
  const rulesCtx = useMemo(() => ({ ref: rules, open: (c: string) => setRuleCard(c) }), [rules]);

  useEffect(() => {
    // Written only when it changes: each write replaces the title's text (a DOM mutation and a message to the browser).
    const title = play?.view.prompt && play.status !== 'finished' ? '● Your decision · Theater' : 'Theater';
    if (document.title !== title) document.title = title;
  }, [play]);

  // The memoised parts' handlers (useHandler), made before the early returns below (hooks run on every render).
  const onPlaceH = useHandler(onPlace);
  const onUnitH = useHandler(onUnit);
  const describeH = useHandler((place: string, unit: string | null) => (la ? describeOnMap(la, board, place, unit) : ''));
  const onViewChangeH = useHandler((t: MapTransform) => { if (play) saveMapView(play.gameId, t); });
  const coverH = useHandler(() => sideRef.current);
  const onOverlayH = useHandler((o: Settings['overlay']) => setSettings({ overlay: o }));
  const closeInspectorH = useHandler(() => setSelPlace(null));
  const downloadH = useHandler(download);
  const loadMovesH = useHandler(() => api.log(token));
  const onChooseH = useHandler((c: Choice) => void choose(c));
  const onGroupH = useHandler((k: string) => {
    void selectGroup(k);
    // Picked from the list: its place is brought into view when it is off-screen.
    const at = groupPlace(k);
    if (at) mapRef.current?.reveal(at);
  });

  if (err && !play) {
    return <div class="page error-page"><h1>Cannot open this game</h1><p data-testid="error">{err}</p><a href="/" onClick={(e) => { e.preventDefault(); navigate('/'); }}>Home</a></div>;
  }
  if (!play || !view || !la || !assets) return <div class="page loading">Loading…</div>;

  const tb = play.takeback;
  // Hot-seat: another seat of this game held here answers a takeback this seat asked for (it is at the same keyboard).
  const answerHere = tb ? otherSeatsHere.filter((x) => x.seat !== tb.requestedBy && !tb.agreed?.includes(x.seat)) : [];
  const hereNames = answerHere.map((x) => seatLabel(assets, x.seat)).join(', ');
  // A takeback takes every other player's consent: those not yet given, for "waiting for …".
  const yetToAgree = tb ? play.seats.filter((s) => s.kind !== 'ai' && s.seat !== tb.requestedBy && !tb.agreed?.includes(s.seat)).map((s) => seatLabel(assets, s.seat)) : [];
  const mine = !!prompt && play.status !== 'finished';
  const expiredOpponents = play.seat && play.status !== 'finished' ? (play.clocks?.expired ?? []).filter((s) => s !== play.seat) : [];
  const title = info ? `${info.title} · ${info.scenarios.find((s) => s.id === play.scenario)?.name ?? play.scenario}` : `${play.ruleset} · ${play.scenario}`;
  const status = `${board.turn && !view.status.includes(board.turn.label) ? `${board.turn.label} · ` : ''}${view.status}`;
  // Said while only other seats decide: the player's own decision has its mark (others deciding alongside are AI seats
  // or simultaneous players, named in the summary).
  const toPlay = play.seat && deciding.includes(play.seat) ? null : toPlayNote(status, deciding.map((s) => seatLabel(assets, s)));
  const replayHref = `/replay/${play.gameId}${play.seat && (view.outcome || play.status === 'finished') ? `?seat=${play.seat}` : ''}`;
  const tools = (
    <>
      {play.seat && <button data-testid="takeback" disabled={busy || view.seq === 0 || !!view.outcome || play.status === 'finished'} onClick={askTakeback}
        title="Ask the other side to take back your last action (and what was played after it)">Takeback</button>}
      {assets.charts?.length ? <button data-testid="open-charts" onClick={() => { setCharts(true); setMenu(false); }}>Charts</button> : null}
      <button onClick={() => setSettings({ showIds: !settings.showIds })} aria-pressed={settings.showIds} title="Hex ids (i)" disabled={!la.geo?.hexes.size}>Ids</button>
      <button onClick={() => { setShowShare(!showShare); setMenu(false); setTab('decide'); }} aria-pressed={showShare} data-testid="share-open"
        title="Links to this game, your turn alerts, the dice seed">Share</button>
      <button onClick={() => navigate(replayHref)} data-testid="open-replay">Replay</button>
      {play.seat && !view.outcome && play.status !== 'finished' && <button onClick={resign} data-testid="resign">Resign</button>}
      <button onClick={() => { setHelp(true); setMenu(false); }} title="Help (?)" aria-label="Help">?</button>
    </>
  );
  return (
    <RulesContext.Provider value={rulesCtx}>
    <NamesContext.Provider value={names}>
    <LogNamesContext.Provider value={logNames}>
    <div class={'game' + (settings.showLog ? '' : ' no-log') + (settings.sheetOpen ? ' sheet-open' : '')} data-testid="game" data-seq={view.seq} data-state-id={play.stateId} data-in-flight={inFlight}>
      <header class="topbar">
        <a class="brand" href="/" aria-label="Theater: home" onClick={(e) => { e.preventDefault(); navigate('/'); }}><span class="brand-full">Theater</span><span class="brand-short">⌂</span></a>
        <span class="title" title={title}>{title}</span>
        {toPlay && <span class="to-play" data-testid="to-play" title={toPlay}>{toPlay}</span>}
        <span class="status" data-testid="status" title={status}>{status}</span>
        <span class={'seat-badge side-' + (play.seat ?? 'spectator')} data-testid="seat" data-seat={play.seat ?? 'spectator'}>{play.seat ? seatLabel(assets, play.seat) : 'spectator'}</span>
        {mine && <span class="your-turn" data-testid="your-turn">your decision</span>}
        {play.clocks && <Clocks clocks={play.clocks} receivedAt={clockAt} mySeat={play.seat} aiSeats={aiSeats} onZero={() => void reload()} name={(s) => seatLabel(assets, s)} />}
        <span class="spacer" />
        <span class={'conn ' + (connected ? 'on' : 'off')} title={connected ? 'live' : 'offline: reconnecting'}>{connected ? '●' : '○'}</span>
        {play.seat && <button data-testid="undo" disabled={busy || play.undoable === 0} onClick={undo} title="Undo your last action (u)">Undo</button>}
        <span class="tools">{tools}</span>
        <button class="menu-button" data-testid="menu" aria-expanded={menu} onClick={() => setMenu(!menu)} aria-label="More">☰</button>
        {menu && <div class="tools-menu" data-testid="tools-menu" onClick={() => setMenu(false)}>{tools}</div>}
      </header>
      <NotesBanner assets={assets} ruleset={play.ruleset} />
      {play.imported && (
        <div class="banner" data-testid="imported">
          Imported game: its first {play.imported.entries} log entries were played elsewhere, with dice whoever imported it could know.
          The dice from here on are this server's (docs/fair-dice.md).
        </div>
      )}
      {diceWait.length > 0 && (
        <div class="banner" data-testid="dice-wait">
          Fair dice: the game starts once every seat has taken its seat; waiting for {diceWait.map((s) => seatLabel(assets, s)).join(', ')}.
          {/* The creator who left the invites behind finds them again. */}
          {diceWait.some((s) => s !== play.seat && !otherSeatsHere.some((o) => o.seat === s) && loadGame(play.gameId)?.seats?.[s]) && (
            <> Their invite links are under <button class="link" data-testid="dice-wait-share" onClick={() => setShowShare(true)}>Share</button>.</>
          )}
        </div>
      )}
      {tb && play.seat && tb.requestedBy === play.seat && !answerHere.length && (
        <div class="banner takeback-ask" data-testid="takeback-asked">
          You asked to take back {takenBackText(tb, undone, view.seq, (s) => seatLabel(assets, s), names)}; waiting for {yetToAgree.join(', ') || 'the other side'}.
        </div>
      )}
      {tb && play.seat && tb.requestedBy === play.seat && answerHere.length > 0 && (
        <div class="banner takeback-ask" data-testid="takeback-request-here">
          Takeback of {takenBackText(tb, undone, view.seq, (s) => seatLabel(assets, s), names)} asked; {hereNames} {answerHere.length > 1 ? 'play' : 'plays'} at this browser too:
          <button class="primary" onClick={() => answerTakebackFor(answerHere.map((x) => x.token), true)}>Accept for {hereNames}</button>
          <button onClick={() => answerTakebackFor(answerHere.map((x) => x.token), false)}>Decline for {hereNames}</button>
        </div>
      )}
      {tb && play.seat && tb.requestedBy !== play.seat && !tb.agreed?.includes(play.seat) && (
        <div class="banner takeback-ask" data-testid="takeback-request">
          {seatLabel(assets, tb.requestedBy)} asks to take back {takenBackText(tb, undone, view.seq, (s) => seatLabel(assets, s), names)}.
          <button class="primary" onClick={() => answerTakeback(true)}>Accept</button>
          <button onClick={() => answerTakeback(false)}>Decline</button>
        </div>
      )}
      {tb && play.seat && tb.requestedBy !== play.seat && tb.agreed?.includes(play.seat) && (
        <div class="banner takeback-ask" data-testid="takeback-agreed">
          You agreed that {seatLabel(assets, tb.requestedBy)} take back {takenBackText(tb, undone, view.seq, (s) => seatLabel(assets, s), names)}; waiting for {yetToAgree.join(', ')}.
        </div>
      )}
      {expiredOpponents.length > 0 && <ClaimBanner expired={expiredOpponents} busy={busy} onClaim={claim} name={(s) => seatLabel(assets, s)} />}
      {play.serverResult && <div class="banner" data-testid="server-result">{serverResultText(play.serverResult, (s) => seatLabel(assets, s))}</div>}
      {play.seat && (rematchOffer || (play.status === 'finished' && !rematchAsked.current)) && (
        <RematchBanner offer={rematchOffer && { token: rematchOffer.token, seat: rematchOffer.seat && seatLabel(assets, rematchOffer.seat) }} existing={existingRematch} busy={busy} onRematch={(swap) => void rematch(swap)} />
      )}
      <main class="main">
        <BoardPane assets={assets} geo={la.geo} board={board} state={view.state} activeUnits={activeUnits} selectedUnit={selUnit}
          selectedPlace={selPlace} highlights={highlights} marked={marked} showIds={settings.showIds} onPlace={onPlaceH} onUnit={onUnitH}
          mapRef={mapRef} initialView={initialView} focus={focus} onViewChange={onViewChangeH} describe={describeH} cover={coverH} />
        <aside class="side" data-tab={tab} data-testid="side" ref={sideRef}>
          <div class="sheet-bar">
            <button class="sheet-handle" data-testid="sheet-toggle" onClick={() => setSettings({ sheetOpen: !settings.sheetOpen })}
              aria-label={settings.sheetOpen ? 'Lower the panel' : 'Raise the panel'}>{settings.sheetOpen ? '▾' : '▴'}</button>
            <nav class="sheet-tabs">
              <button aria-pressed={tab === 'decide'} data-testid="tab-decide" onClick={() => { setTab('decide'); setSettings({ sheetOpen: true }); }}>{mine ? 'Decide' : 'Game'}</button>
              <button aria-pressed={tab === 'stack'} data-testid="tab-stack" onClick={() => { setTab('stack'); setSettings({ sheetOpen: true }); }}>Stack</button>
              <button aria-pressed={tab === 'log'} data-testid="tab-log" onClick={() => { setTab('log'); setSettings({ sheetOpen: true }); }}>Log</button>
            </nav>
          </div>
          <Glance assets={assets} board={board} status={view.status} title={title} overlay={settings.overlay} onOverlay={onOverlayH} deciding={deciding} />
          <PromptPanel view={view} seat={play.seat} prompt={prompt} assets={assets} list={list}
            narrowedTo={narrow?.label ?? selectedName} narrowedPlace={narrow?.place ?? null} loading={!narrow && !!selGroup && !groupChoices}
            onClearNarrow={clearSel} onChoose={onChooseH} onGroup={onGroupH} phaseChoices={phaseChoices}
            armed={armed} onConfirm={() => armed && void send(armed.choice.action)} onDisarm={() => setArmed(null)} running={running}
            refusal={refusal} busy={busy} checking={checking} otherSeatsHere={otherSeatsHere} onSwitchSeat={(t) => navigate(`/play/${t}`)} aiLevels={aiLevels} online={online}
            finished={play.status === 'finished' ? (play.serverResult ? serverResultText(play.serverResult, (s) => seatLabel(assets, s)) : 'The game has ended') : null} compact={!settings.sheetOpen} />
          {showShare && <SharePanel play={play} token={token} onClose={() => setShowShare(false)} />}
          {selPlace && <Inspector place={selPlace} assets={assets} board={board} activeUnits={activeUnits} selectedUnit={selUnit}
            onUnit={onUnitH} onClose={closeInspectorH} />}
          {settings.showLog && <LogPanel items={log} onDownload={downloadH} loadMoves={loadMovesH} version={play.stateId} />}
        </aside>
      </main>
      {toast && <div class="toast" data-testid="toast" role="alert" onClick={() => setToast(null)}>{toast}</div>}
      {help && <HelpOverlay onClose={() => setHelp(false)} />}
      {charts && <ChartsOverlay assets={assets} onClose={() => setCharts(false)} />}
      {ruleCard && <RuleCard citation={ruleCard} onClose={() => setRuleCard(null)} onOpen={setRuleCard} />}
    </div>
    </LogNamesContext.Provider>
    </NamesContext.Provider>
    </RulesContext.Provider>
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

interface Undone { stateId: number; moves: StepAction[] }

/** What a takeback request takes back, in words: "the last 2 actions: Allies: Advance …; Axis: Attack …". */
function takenBackText(tb: TakebackRequest, undone: Undone | null, seq: number, seatName: (s: string) => string, names: Names): string {
  const n = seq - tb.to;
  const head = n === 1 ? 'the last action' : `the last ${n} actions`;
  const moves = undone && undone.stateId === tb.stateId ? undone.moves : null;
  if (!moves?.length) return `${head} (back to action ${tb.to})`;
  // The log file shows another seat's sealed answer (and, with fog of war, its action) only as its kind.
  const words = (a: StepAction['action']) => (a.type === 'sealed' ? 'a sealed answer' : a.type === 'hidden' ? 'a hidden action' : actionWords(a, names));
  const shown = moves.slice(0, 3).map((m) => `${seatName(m.seat)}: ${words(m.action)}`);
  return `${head}: ${shown.join('; ')}${moves.length > 3 ? `; and ${moves.length - 3} more` : ''}`;
}
