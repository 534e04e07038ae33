// "Your turn" alerts (docs/server.md "Asynchronous play"): a browser notification while the tab is in the background,
// and the seat's webhook (a Discord-compatible POST the server makes, even when no page is open).
import { useState } from 'preact/hooks';
import { api } from '../api.ts';
import { loadTokens, notifyWanted, setNotifyWanted, setTokenWebhook } from '../storage.ts';

type Permission = NotificationPermission | 'unsupported';

/** The page's notification permission; 'unsupported' without the API (old browsers, pages not served over https). */
export function notifyPermission(): Permission {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/** Shows the server's "your turn" text as a notification when asked for, allowed, and the tab is in the background. */
export function notifyYourTurn(title: string, text: string, tag: string): void {
  if (!document.hidden || !notifyWanted() || notifyPermission() !== 'granted') return;
  const n = new Notification(title, { body: text, tag });
  n.onclick = () => {
    focus();
    n.close();
  };
}

const permissionText: Record<Permission, string> = {
  granted: 'A notification appears when your turn comes while this tab is in the background.',
  default: 'The browser will ask whether this site may show notifications.',
  denied: 'Notifications are blocked for this site: allow them in the browser\'s site settings, then reload.',
  unsupported: 'This browser offers no notifications here (they need a recent browser and https): use a webhook.',
};

/** The "Notify me when it's my turn" toggle; permission is asked on its click only (a user gesture). */
export function NotifyToggle() {
  const [wanted, setWanted] = useState(notifyWanted);
  const [perm, setPerm] = useState(notifyPermission);
  const on = wanted && perm === 'granted';
  const toggle = async () => {
    if (on) {
      setNotifyWanted(false);
      setWanted(false);
      return;
    }
    const p = perm === 'granted' ? perm : await Notification.requestPermission();
    setPerm(p);
    setNotifyWanted(p === 'granted');
    setWanted(p === 'granted');
  };
  const blocked = perm === 'denied' || perm === 'unsupported';
  return (
    <div class="notify">
      <label>
        <input type="checkbox" checked={on} disabled={blocked} data-testid="notify-toggle" onChange={() => void toggle()} />{' '}
        Notify me when it's my turn
      </label>
      <p class={'small ' + (blocked ? 'error' : 'muted')} data-testid="notify-state" data-permission={perm}>
        {on || blocked ? permissionText[perm] : 'Off.'}
      </p>
    </div>
  );
}

/** The seat's webhook: set or clear it; the server's refusal (not an http(s) URL...) is shown as it comes. */
export function WebhookField({ token }: { token: string }) {
  const [saved, setSaved] = useState<string | null>(() => loadTokens().find((t) => t.token === token)?.webhook ?? null);
  const [url, setUrl] = useState(saved ?? '');
  const [err, setErr] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async (next: string | null) => {
    setBusy(true);
    setErr(null);
    try {
      await api.webhook(token, next);
      setTokenWebhook(token, next);
      setSaved(next);
      if (next === null) setUrl('');
    } catch (e) {
      setErr((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form class="webhook" data-testid="webhook" onSubmit={(e) => { e.preventDefault(); void save(url.trim()); }}>
      <label for="webhook-url">Webhook for your turn (Discord-compatible)</label>
      <div class="row">
        <input id="webhook-url" type="text" inputMode="url" placeholder="https://discord.com/api/webhooks/…" value={url}
          data-testid="webhook-url" onInput={(e) => setUrl((e.target as HTMLInputElement).value)} />
        <button type="submit" data-testid="webhook-set" disabled={busy || !url.trim()}>Set</button>
        <button type="button" data-testid="webhook-clear" disabled={busy} onClick={() => void save(null)}>Clear</button>
      </div>
      {err && <p class="error small" data-testid="webhook-error">{err}</p>}
      <p class="muted small" data-testid="webhook-state">
        {saved ? <>Set from this browser: the server posts <code>{'{"content": "Your turn…"}'}</code> to {saved}</> : 'None set from this browser (Clear also removes one set at creation or elsewhere).'}
      </p>
    </form>
  );
}
