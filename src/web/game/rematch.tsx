// Rematch of a finished game (docs/server.md, POST /api/play/:token/rematch): the buttons, or the way into the rematch
// once there is one (started here, or by an opponent, whose token arrives by WebSocket).
import { navigate } from '../nav.ts';

export interface RematchBannerProps {
  /** This player's token in a rematch an opponent has just started (WS 'rematch'), and the seat's name there once known. */
  offer: { token: string; seat: string | null } | null;
  /** The rematch's game id when there is one (PlayResponse.rematch), with this browser's token in it if it holds one. */
  existing: { gameId: string; token: string | null } | null;
  busy: boolean;
  onRematch(swap: boolean): void;
}

function JoinLink({ token, text }: { token: string; text: string }) {
  return <a data-testid="rematch-join" href={`/play/${token}`} onClick={(e) => { e.preventDefault(); navigate(`/play/${token}`); }}>{text}</a>;
}

export function RematchBanner({ offer, existing, busy, onRematch }: RematchBannerProps) {
  if (offer) {
    return (
      <div class="banner rematch" data-testid="rematch">
        <b>Your opponent started a rematch</b>{offer.seat && <>: you play {offer.seat}</>} — <JoinLink token={offer.token} text="join" />
      </div>
    );
  }
  if (existing) {
    return (
      <div class="banner rematch" data-testid="rematch">
        A rematch of this game has started —{' '}
        {existing.token ? <JoinLink token={existing.token} text="open it" />
          : <span>this browser holds no link to it (game {existing.gameId}): ask your opponent, who received every link.</span>}
      </div>
    );
  }
  return (
    <div class="banner rematch" data-testid="rematch">
      Play again:
      <button class="primary" data-testid="rematch-same" disabled={busy} onClick={() => onRematch(false)}>Rematch (same seats)</button>
      <button data-testid="rematch-swap" disabled={busy} onClick={() => onRematch(true)}>Rematch (swap seats)</button>
    </div>
  );
}
