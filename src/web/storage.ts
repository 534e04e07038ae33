// Tokens this browser holds (localStorage): the client's "my games" list.
export interface StoredToken {
  token: string;
  gameId: string;
  seat: string | null;
  ruleset: string;
  addedAt: number;
}

const KEY = 'theater.tokens';

export function loadTokens(): StoredToken[] {
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(raw) ? (raw as StoredToken[]).filter((t) => t && typeof t.token === 'string') : [];
  } catch {
    return [];
  }
}

export function rememberToken(t: Omit<StoredToken, 'addedAt'>): void {
  const list = loadTokens().filter((x) => x.token !== t.token);
  list.unshift({ ...t, addedAt: Date.now() });
  localStorage.setItem(KEY, JSON.stringify(list.slice(0, 200)));
}

export function forgetToken(token: string): void {
  localStorage.setItem(KEY, JSON.stringify(loadTokens().filter((x) => x.token !== token)));
}

/** A token from a pasted link ("https://host/play/abc", "/play/abc") or a bare token. */
export function tokenFromLink(s: string): string | null {
  const t = s.trim();
  const m = /\/play\/([A-Za-z0-9_-]+)/.exec(t);
  if (m) return m[1]!;
  return /^[A-Za-z0-9_-]{8,}$/.test(t) ? t : null;
}
