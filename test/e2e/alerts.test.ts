// "Your turn" alerts in headless Chromium against the real server (docs/server.md "Asynchronous play"): the game
// screen's notification toggle asks for permission on its click and shows the server's `your-turn` text as a
// Notification only while the tab is in the background; the seat's webhook is set and cleared from the Share panel,
// and the server posts to it when the other seat (played over the HTTP API) hands the turn over.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { PlayResponse } from '../../src/server/protocol.ts';
import { apiCall, heldToken, newGameOnHome, openPage, shot, startE2E, type E2E } from './harness.ts';
import { choose } from './drivers.ts';

/** Records constructed notifications in `window.__notes`; `window.__hidden` fakes the tab's visibility. */
type FakePermission = NotificationPermission | 'missing';

function fakeNotifications(permission: FakePermission): void {
  const w = window as unknown as Record<string, unknown>;
  if (permission === 'missing') {
    delete w.Notification;
    return;
  }
  const notes: Record<string, unknown>[] = [];
  w.__notes = notes;
  w.__asked = 0;
  w.__hidden = false;
  // Like a browser's, a grant outlives the page (kept in sessionStorage).
  class FakeNotification {
    static permission = (sessionStorage.getItem('fake-permission') ?? permission) as NotificationPermission;
    static requestPermission(): Promise<NotificationPermission> {
      w.__asked = (w.__asked as number) + 1;
      FakeNotification.permission = 'granted';
      sessionStorage.setItem('fake-permission', 'granted');
      return Promise.resolve('granted');
    }
    closed = false;
    onclick: (() => void) | null = null;
    constructor(readonly title: string, readonly options: { body?: string; tag?: string } = {}) {
      notes.push(this as unknown as Record<string, unknown>);
    }
    close(): void {
      this.closed = true;
    }
  }
  w.Notification = FakeNotification;
  Object.defineProperty(Document.prototype, 'hidden', { configurable: true, get: () => w.__hidden === true });
  Object.defineProperty(Document.prototype, 'visibilityState', { configurable: true, get: () => (w.__hidden === true ? 'hidden' : 'visible') });
}

const notes = (page: Page) => page.evaluate(() => ((window as unknown as { __notes: { title: string; options: { body?: string }; closed: boolean }[] }).__notes)
  .map((n) => ({ title: n.title, body: n.options.body, closed: n.closed })));
const setHidden = (page: Page, hidden: boolean) => page.evaluate((h) => {
  (window as unknown as Record<string, unknown>).__hidden = h;
  document.dispatchEvent(new Event('visibilitychange'));
}, hidden);

describe('your turn alerts in headless Chromium (duel: red on the page, blue over the HTTP API)', () => {
  let e2e: E2E;
  let page: Page;
  let blue: string;
  let gameId: string;
  let hookServer: Server;
  const hooks: { path: string; type: string; body: { content?: string } }[] = [];

  /** Blue acts over the HTTP API against the current state id. */
  const blueActs = async (action: Record<string, unknown>) => {
    const p = await apiCall<PlayResponse>(e2e.server, 'GET', `/api/play/${blue}`);
    await apiCall(e2e.server, 'POST', `/api/play/${blue}/action`, { stateId: p.stateId, action });
  };
  const redToDecide = () => expect.poll(() => page.locator('[data-testid=prompt-text]').textContent()).toContain('Attack, advance or pass');

  beforeAll(async () => {
    // the hooks go to a receiver on this machine: the self-hoster's setting for LAN webhooks (docs/server.md)
    e2e = await startE2E({ server: { webhooks: { allowPrivate: true } } });
    page = e2e.page;
    await page.addInitScript(fakeNotifications, 'default' as FakePermission);
    hookServer = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        hooks.push({ path: req.url ?? '', type: req.headers['content-type'] ?? '', body: JSON.parse(body) as { content?: string } });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((r) => hookServer.listen(0, '127.0.0.1', r));
  });
  afterAll(async () => {
    await e2e?.close();
    await new Promise((r) => hookServer?.close(r));
  });

  it('the toggle asks for permission on its click and is remembered', async () => {
    await newGameOnHome(page, e2e.server.url, { ruleset: 'duel', seats: { red: 'me', blue: 'me' } });
    expect(await page.locator('[data-testid=seat]').getAttribute('data-seat')).toBe('red');
    blue = await heldToken(page, 'blue');
    gameId = (await apiCall<PlayResponse>(e2e.server, 'GET', `/api/play/${blue}`)).gameId;
    await page.click('[data-testid=share-open]');
    const toggle = page.locator('[data-testid=notify-toggle]');
    expect(await toggle.isChecked()).toBe(false);
    expect(await page.evaluate(() => (window as unknown as { __asked: number }).__asked)).toBe(0);
    await toggle.click();
    await expect.poll(() => toggle.isChecked()).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { __asked: number }).__asked)).toBe(1);
    expect(await page.locator('[data-testid=notify-state]').textContent()).toContain('while this tab is in the background');
    expect(await page.evaluate(() => localStorage.getItem('theater.notify'))).toBe('on');
    await page.reload();
    await page.click('[data-testid=share-open]');
    await expect.poll(() => page.locator('[data-testid=notify-toggle]').isChecked()).toBe(true);
  });

  it('no notification while the page is visible; one with the server\'s text when it is hidden', async () => {
    await choose(page, '"n":1');
    await blueActs({ type: 'bid', n: 3 });
    // Blue moves first; its pass makes the decision red's: `your-turn` arrives while the page is visible.
    await blueActs({ type: 'pass' });
    await redToDecide();
    await choose(page, '"pass"');
    await setHidden(page, true);
    await blueActs({ type: 'pass' });
    await expect.poll(async () => (await notes(page)).length, { timeout: 15_000 }).toBeGreaterThan(0);
    // The socket delivers in order: the earlier `your-turn` (visible page) was handled before this one and made none.
    const [n, ...more] = await notes(page);
    expect(more).toEqual([]);
    expect(n!.body).toBe(`Your turn (red) in Duel (kernel test rule set), game ${gameId}: Attack, advance or pass`);
    expect(n!.title).toBe('Theater: Duel (kernel test rule set) · Standard');
    await page.evaluate(() => ((window as unknown as { __notes: { onclick(): void }[] }).__notes[0]!.onclick()));
    expect((await notes(page))[0]!.closed).toBe(true);
    await setHidden(page, false);
  });

  it('denied permission and a browser without the API say so, and the toggle stays off', async () => {
    for (const [kind, text] of [['denied', 'blocked for this site'], ['missing', 'offers no notifications']] as const) {
      const { page: other, errors } = await openPage(e2e.browser);
      await other.addInitScript(fakeNotifications, kind);
      await other.goto(`${e2e.server.url}/play/${blue}`);
      await other.click('[data-testid=share-open]');
      const state = other.locator('[data-testid=notify-state]');
      expect(await state.textContent()).toContain(text);
      expect(await state.getAttribute('data-permission')).toBe(kind === 'missing' ? 'unsupported' : 'denied');
      expect(await other.locator('[data-testid=notify-toggle]').isDisabled()).toBe(true);
      expect(await other.locator('[data-testid=notify-toggle]').isChecked()).toBe(false);
      expect(errors).toEqual([]);
      await other.close();
    }
  });

  it('a webhook set on the game screen gets the server\'s POST when the turn comes; refused URLs show the server\'s error', async () => {
    const port = (hookServer.address() as AddressInfo).port;
    await redToDecide();
    const field = page.locator('[data-testid=webhook-url]');
    await field.fill('ftp://example.com/hook');
    await page.click('[data-testid=webhook-set]');
    await expect.poll(() => page.locator('[data-testid=webhook-error]').textContent()).toContain('must be an http(s) URL');

    const url = `http://127.0.0.1:${port}/red`;
    await field.fill(url);
    await page.click('[data-testid=webhook-set]');
    await expect.poll(() => page.locator('[data-testid=webhook-state]').textContent()).toContain(url);
    expect(await page.locator('[data-testid=webhook-error]').count()).toBe(0);
    await shot(page, 'alerts-share-panel');
    await choose(page, '"pass"');
    await blueActs({ type: 'pass' });
    await expect.poll(() => hooks.length, { timeout: 15_000 }).toBe(1);
    expect(hooks[0]!.path).toBe('/red');
    expect(hooks[0]!.type).toBe('application/json');
    expect(hooks[0]!.body.content).toBe(`Your turn (red) in Duel (kernel test rule set), game ${gameId}: Attack, advance or pass`);
    // Kept in this browser, shown again after a reload.
    await page.reload();
    await page.click('[data-testid=share-open]');
    expect(await page.locator('[data-testid=webhook-url]').inputValue()).toBe(url);
  });

  it('clearing it stops the posts', async () => {
    const port = (hookServer.address() as AddressInfo).port;
    await page.click('[data-testid=webhook-clear]');
    await expect.poll(() => page.locator('[data-testid=webhook-state]').textContent()).toContain('None set');
    // Blue's own webhook marks the turns: red's turn comes between blue's two.
    await apiCall(e2e.server, 'POST', `/api/play/${blue}/webhook`, { url: `http://127.0.0.1:${port}/blue` });
    await redToDecide();
    await choose(page, '"pass"');
    await blueActs({ type: 'pass' });
    await redToDecide();
    await choose(page, '"pass"');
    await expect.poll(() => hooks.filter((h) => h.path === '/blue').length, { timeout: 15_000 }).toBe(2);
    expect(hooks.filter((h) => h.path === '/red').length).toBe(1);
    expect(e2e.errors).toEqual([]);
  });
});
