// The fixed play of the server A/B benches (ab-server-cpu.ts, ab-server-lockstep.ts): the server's seeds, game ids and
// tokens drawn from a counter, N games with every seat connected, and one spread pick per action. The manager and the
// receiver are passed in, so a tree imported from another directory plays the same games.
import { createHash } from 'node:crypto';
import { createRequire, syncBuiltinESMExports } from 'node:module';

let drawn = 0;
const counterBytes = (n: number): Buffer => {
  const out = Buffer.alloc(n);
  for (let at = 0; at < n; at += 32) createHash('sha256').update(`ab-server-cpu ${drawn++}`).digest().copy(out, at);
  return out;
};

/** node:crypto randomBytes draws from the counter from now on, restarted at 0: the same games in every run and build. */
export function fixRandomBytes(): void {
  drawn = 0;
  const crypto = createRequire(import.meta.url)('node:crypto') as { randomBytes: unknown };
  crypto.randomBytes = counterBytes;
  syncBuiltinESMExports();
}

interface Manager {
  createGame(req: never): Promise<{ seats: Record<string, { token: string }> }>;
  connect(conn: never): Promise<unknown>;
  contribute(token: string, body: never): Promise<unknown>;
  choicesJson(token: string, stateId: number, key: string): Promise<string>;
  act(token: string, stateId: number, action: never): Promise<unknown>;
}
interface Receiver { receive(msg: never): any }
/** A connected seat: its last state, and the receiver that patches it (null: dropped, e.g. to measure the server's heap). */
interface Seat { token: string; last: any; receiver: Receiver | null }

export interface Play {
  games: Seat[][];
  /** One action in game `g` (a spread pick; a structured prompt's group asked for first); false when none was made. */
  step(g: Seat[]): Promise<boolean>;
  /** Actions made and groups asked for since the last reset. */
  counts: { acted: number; asks: number };
}

/** `n` games of `ruleset` on `m`, each seat connected (its texts to `onText`) and its dice contributed (docs/fair-dice.md). */
export async function playGames(m: Manager, newReceiver: () => Receiver, ruleset: string, seatNames: readonly string[], options: unknown,
  n: number, onText: (text: string) => void): Promise<Play> {
  const games: Seat[][] = [];
  for (let g = 0; g < n; g++) {
    const r = await m.createGame({ ruleset, options, seats: Object.fromEntries(seatNames.map((s) => [s, { kind: 'human' }])) } as never);
    const seats: Seat[] = [];
    for (const s of seatNames) {
      const token = r.seats[s]!.token;
      const sc: Seat = { token, last: null, receiver: newReceiver() };
      const got = (text: string) => {
        onText(text);
        const msg = JSON.parse(text);
        if (msg.type === 'state' && sc.receiver) sc.last = sc.receiver.receive(msg as never);
      };
      await m.connect({ token, seat: null, lastStateId: 0, send: (msg: unknown) => got(JSON.stringify(msg)), sendText: got } as never);
      seats.push(sc);
    }
    const values = seats.map(() => counterBytes(32).toString('hex'));
    for (const [i, s] of seats.entries()) await m.contribute(s.token, { commit: createHash('sha256').update(values[i]!).digest('hex') } as never);
    for (const [i, s] of seats.entries()) await m.contribute(s.token, { reveal: values[i]! } as never);
    games.push(seats);
  }
  let k = 0;
  const counts = { acted: 0, asks: 0 };
  const step = async (g: Seat[]): Promise<boolean> => {
    for (const s of g) {
      const st = s.last;
      if (!st || st.status !== 'running' || !st.view.prompt) continue;
      const { choices, groups = [] } = st.view.prompt;
      const pick = (k++ * 7919) % (choices.length + groups.length);
      let action = choices[pick]?.action;
      if (!action) {
        const list = JSON.parse(await m.choicesJson(s.token, st.stateId, groups[pick - choices.length].key)).choices;
        counts.asks++;
        if (!list.length) return false;
        action = list[(k++ * 7919) % list.length].action;
      }
      await m.act(s.token, st.stateId, action as never);
      counts.acted++;
      return true;
    }
    return false;
  };
  return { games, step, counts };
}
