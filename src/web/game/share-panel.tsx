// The game screen's Share panel: the links this browser holds for the game (its own, the spectator's, the invites it
// received as the game's creator), the "your turn" alerts, and the fair-dice commitment and revealed seed.
import { useMemo, useState } from 'preact/hooks';
import type { PlayResponse } from '../../server/protocol.ts';
import { loadGame } from '../storage.ts';
import { NotifyToggle, WebhookField } from './alerts.tsx';

interface ShareLink {
  id: string;
  label: string;
  token: string;
}

const linkOf = (token: string) => new URL(`/play/${token}`, location.href).href;

async function copyText(text: string, input: HTMLInputElement | null): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // No clipboard API (plain http) or no permission: the old way, from the selected field.
    input?.select();
    document.execCommand('copy');
  }
}

/** A link in a read-only field with its Copy button (the Share panel, the home page's invites). */
export function CopyLink({ href, testId }: { href: string; testId?: string }) {
  const [copied, setCopied] = useState(false);
  const [input, setInput] = useState<HTMLInputElement | null>(null);
  return (
    <span class="row">
      <input readOnly value={href} ref={setInput} data-testid={testId} onFocus={(e) => (e.target as HTMLInputElement).select()} />
      <button type="button" data-testid="copy" onClick={() => void copyText(href, input).then(() => setCopied(true))}>
        {copied ? 'Copied' : 'Copy'}
      </button>
    </span>
  );
}

function LinkRow({ l }: { l: ShareLink }) {
  return (
    <li data-testid={`share-${l.id}`}>
      <b>{l.label}</b>
      <CopyLink href={linkOf(l.token)} />
    </li>
  );
}

export function SharePanel({ play, token, onClose }: { play: PlayResponse; token: string; onClose(): void }) {
  const stored = useMemo(() => loadGame(play.gameId), [play.gameId]);
  const links = useMemo(() => {
    const ai = new Set(play.seats.filter((s) => s.kind === 'ai').map((s) => s.seat));
    const out: ShareLink[] = [{ id: 'own', label: play.seat ? `Your link (${play.seat}): it plays your seat, keep it private` : 'This spectator link', token }];
    if (stored?.spectator && stored.spectator !== token) out.push({ id: 'spectator', label: 'Spectator link (watch only)', token: stored.spectator });
    for (const [seat, t] of Object.entries(stored?.seats ?? {})) {
      if (seat !== play.seat && t !== token && !ai.has(seat)) out.push({ id: `seat-${seat}`, label: `Invite for ${seat}`, token: t });
    }
    return out;
  }, [stored, play.seats, play.seat, token]);
  const mismatch = stored?.seedCommitment && stored.seedCommitment !== play.seedCommitment;

  return (
    <section class="share-panel" data-testid="share">
      <header>
        <h2>Share</h2>
        <button class="link" onClick={onClose} aria-label="Close the share panel">close</button>
      </header>
      <ul class="links">{links.map((l) => <LinkRow key={l.id} l={l} />)}</ul>
      {!stored?.spectator && <p class="muted small">The spectator and invite links are kept by the browser that created the game.</p>}
      {play.seat && (
        <>
          <h3>Your turn alerts</h3>
          <NotifyToggle />
          <WebhookField token={token} />
        </>
      )}
      <h3>Fair dice</h3>
      <p class="small">Seed commitment (SHA-256), published before the first roll:{' '}
        <code class="hash" data-testid="seed-commitment">{play.seedCommitment}</code></p>
      {mismatch && (
        <p class="error small" data-testid="commitment-mismatch">
          This differs from the commitment this browser received first ({stored.seedCommitment}): the dice cannot be trusted.
        </p>
      )}
      {play.seed ? (
        <>
          <p class="small">Seed, revealed at the end: <code class="hash" data-testid="seed">{play.seed}</code></p>
          <p class="muted small">Check every die against the commitment this browser saw first:{' '}
            <code data-testid="verify-command">theater verify &lt;log&gt; --commitment {stored?.seedCommitment ?? play.seedCommitment}</code>;{' '}
            <a data-testid="download-log" href={`/api/play/${encodeURIComponent(token)}/log`}
              download={`${play.ruleset}-${play.gameId}.theater.json`}>download the log</a></p>
        </>
      ) : (
        <p class="muted small">The seed is revealed when the game ends; anyone can then check every die against it.</p>
      )}
    </section>
  );
}
