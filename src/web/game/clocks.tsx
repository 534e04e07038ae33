// Game clocks (docs/server.md "Clocks"): each seat's remaining time, ticking locally between the server's updates,
// and the claim / hand-to-AI choice once an opponent's time has run out.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { ClockInfo } from '../../server/protocol.ts';

/** "1:05:03", "4:07", "0:09.4" (tenths under ten seconds); never negative. */
export function clockText(ms: number): string {
  const t = Math.max(0, ms);
  if (t < 10_000) return `0:0${(Math.floor(t / 100) / 10).toFixed(1)}`;
  const s = Math.floor(t / 1000);
  const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), sec = s % 60;
  const mm = h ? String(m).padStart(2, '0') : String(m);
  return `${h ? `${h}:` : ''}${mm}:${String(sec).padStart(2, '0')}`;
}

/** Remaining ms per seat `elapsed` ms after the server's figures: only running clocks move. */
export function remainingNow(c: ClockInfo, elapsed: number): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [s, ms] of Object.entries(c.remainingMs)) out[s] = c.running.includes(s) ? ms - elapsed : ms;
  return out;
}

export interface ClocksProps {
  clocks: ClockInfo;
  /** performance.now() when `clocks` arrived from the server. */
  receivedAt: number;
  mySeat: string | null;
  /** Seats played by the AI (their clocks never expire). */
  aiSeats: string[];
  /** Called (at most once a second) while an opponent's clock shows zero and the server has not said it expired. */
  onZero(): void;
  /** A seat as players read it ("Soviet Union"). */
  name(seat: string): string;
}

export function Clocks({ clocks, receivedAt, mySeat, aiSeats, onZero, name }: ClocksProps) {
  const [now, setNow] = useState(() => performance.now());
  const lastAsk = useRef(0);
  useEffect(() => {
    const id = setInterval(() => setNow(performance.now()), 100);
    return () => clearInterval(id);
  }, []);
  const left = remainingNow(clocks, Math.max(0, now - receivedAt));
  useEffect(() => {
    const zero = Object.entries(left).some(([s, ms]) => ms <= 0 && s !== mySeat && !aiSeats.includes(s)
      && clocks.running.includes(s) && !clocks.expired.includes(s));
    if (zero && now - lastAsk.current > 1000) { lastAsk.current = now; onZero(); }
  });
  return (
    <span class="clocks" data-testid="clocks" title={`Clock: ${clockText(clocks.initialMs)} each, +${clocks.incrementMs / 1000} s per action`}>
      {Object.entries(left).map(([s, ms]) => (
        <span key={s} data-testid={`clock-${s}`} data-ms={Math.round(ms)}
          class={'clock' + (clocks.running.includes(s) ? ' running' : '') + (ms <= 0 ? ' out' : ms < 30_000 ? ' low' : '') + (s === mySeat ? ' mine' : '')}>
          <b>{name(s)}</b> {clockText(ms)}{clocks.running.includes(s) ? <span class="tick" aria-label="running"> ▶</span> : ''}
        </span>
      ))}
    </span>
  );
}

/** Shown to a seat whose opponent's time has run out (the server's `clocks.expired`). */
export function ClaimBanner({ expired, busy, onClaim, name }: { expired: string[]; busy: boolean; onClaim(mode: 'win' | 'ai', seat: string): void; name(seat: string): string }) {
  return (
    <div class="banner claim" data-testid="claim">
      {expired.map((s) => (
        <span key={s} class="claim-seat">
          <b>{name(s)}</b> has run out of time.
          <button class="primary" data-testid={`claim-win-${s}`} disabled={busy} onClick={() => onClaim('win', s)}>Claim the win</button>
          <button data-testid={`claim-ai-${s}`} disabled={busy} onClick={() => onClaim('ai', s)}>Hand {name(s)} to the AI and play on</button>
        </span>
      ))}
      <span class="muted small">Or keep playing: the choice stays open.</span>
    </div>
  );
}
