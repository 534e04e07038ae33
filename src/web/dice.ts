// This browser's part in the fair dice (docs/fair-dice.md): for each seat of a game it holds the token of, a random
// value, committed (its SHA-256) when the game asks, and revealed once every seat has committed. The value stays in
// localStorage until then; a value this browser does not hold (lost, or committed from another device) is replaced by
// a new commitment, which during the reveal starts the round over (every seat then commits a fresh value).
import type { DiceStatus } from '../server/protocol.ts';
import { api } from './api.ts';
import { sha256Hex } from './sha256.ts';
import { loadTokens } from './storage.ts';

const KEY = 'theater.dice.';
/** Tokens with a contribution on its way from this page. */
const sending = new Set<string>();
/** Games whose status changed while a contribution was on its way: asked for again once it is done. */
const later = new Set<string>();
/** Failed contributions in a row per token (the delay before asking again grows with them). */
const retries = new Map<string, number>();
/** The commitment each token has revealed from this page: a stale status still saying "committed" is not answered. */
const revealed = new Map<string, string>();
/** Games whose dice this page has seen keyed: a status from before (an answer overtaken by a push) is ignored. */
const keyed = new Set<string>();

interface Held {
  value: string;
  commitment: string;
}

function held(token: string): Held | null {
  try {
    const h = JSON.parse(localStorage.getItem(KEY + token) ?? 'null') as Held | null;
    return h && typeof h.value === 'string' && typeof h.commitment === 'string' ? h : null;
  } catch {
    return null;
  }
}

async function commitNew(token: string): Promise<void> {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const value = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  const h: Held = { value, commitment: sha256Hex(value) };
  localStorage.setItem(KEY + token, JSON.stringify(h));
  await api.entropy(token, { commit: h.commitment });
}

/** The last dice status seen per game: a status that came while a contribution was on its way is acted on after it. */
const latest = new Map<string, DiceStatus | null | undefined>();

/** Take this browser's seats of the game: commit or reveal what the round asks of each. Errors are left to the next state. */
export async function contribute(gameId: string, dice: DiceStatus | null | undefined): Promise<void> {
  latest.set(gameId, dice);
  await contributeTo(gameId, dice);
  // A status skipped because its seat's request was still on its way (the reveal phase announced while the commit
  // was answered, say) would otherwise wait for a state message that never comes.
  const now = latest.get(gameId);
  if (now !== dice && now && now.phase !== 'done') await contribute(gameId, now);
}

async function contributeTo(gameId: string, dice: DiceStatus | null | undefined): Promise<void> {
  const tokens = loadTokens().filter((t) => t.gameId === gameId && t.seat !== null);
  if (!dice || dice.phase === 'done') {
    if (dice) keyed.add(gameId);
    for (const t of tokens) localStorage.removeItem(KEY + t.token);
    return;
  }
  // A reveal or a new commitment then would be refused (400: the dice are keyed already).
  if (keyed.has(gameId)) return;
  await Promise.all(tokens.map(async (t) => {
    const seat = t.seat!;
    const status = dice.seats[seat];
    if (!status || status === 'server' || status === 'revealed') return;
    if (dice.phase === 'reveal' && revealed.get(t.token) === dice.commitments[seat]) return;
    if (sending.has(t.token)) {
      later.add(gameId);
      return;
    }
    sending.add(t.token);
    try {
      const mine = held(t.token);
      const matches = !!mine && mine.commitment === dice.commitments[seat];
      if (dice.phase === 'commit' && !matches) await commitNew(t.token);
      else if (dice.phase === 'reveal' && matches) {
        await api.entropy(t.token, { reveal: mine!.value });
        revealed.set(t.token, mine!.commitment);
      }
      else if (dice.phase === 'reveal') await commitNew(t.token);
      retries.delete(t.token);
    } catch {
      // The next state message tries again; and in case none comes (a refused request changes nothing), so does a
      // timer, backing off from half a second to eight.
      const n = (retries.get(t.token) ?? 0) + 1;
      retries.set(t.token, n);
      setTimeout(() => void api.play(t.token).then((p) => contribute(gameId, p.dice), () => undefined), Math.min(8000, 250 * 2 ** n));
    } finally {
      sending.delete(t.token);
      // The status seen meanwhile may be old by now: ask for the current one rather than act on it.
      if (later.delete(gameId)) void api.play(t.token).then((p) => contribute(gameId, p.dice), () => undefined);
    }
  }));
}
