// Losing the connection mid-turn, in headless Chromium against the real server (duel, hot-seat): the page goes
// offline, the connection dot turns hollow, a choice made then is refused in words a player understands (not the
// browser's "Failed to fetch"), and once the page is back online it reconnects, the note goes and the choice works.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, WebSocketRoute } from 'playwright-core';
import { newGameOnHome, startE2E, type E2E } from './harness.ts';
import { choose, seq } from './drivers.ts';

describe('reconnecting mid-turn (duel)', () => {
  let e2e: E2E;
  let page: Page;

  beforeAll(async () => {
    e2e = await startE2E();
    page = e2e.page;
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('offline: a choice is refused with a clear note; back online: the page reconnects, the note goes, the choice works', async () => {
    // The network, as the page sees it: while `offline`, no request gets an answer and no socket stays open.
    let offline = false;
    const sockets: WebSocketRoute[] = [];
    await page.routeWebSocket(/\/ws/, (ws) => {
      if (offline) { void ws.close({ code: 4000, reason: 'offline' }); return; }
      ws.connectToServer();
      sockets.push(ws);
    });
    await page.route('**/api/**', (r) => (offline ? r.abort('internetdisconnected') : r.fallback()));
    await newGameOnHome(page, e2e.server.url, { ruleset: 'duel', seats: { red: 'me', blue: 'me' } });
    await page.locator('[data-testid=choice]').first().waitFor();
    await page.locator('.conn.on').waitFor();
    offline = true;
    await Promise.all(sockets.splice(0).map((ws) => ws.close({ code: 4000, reason: 'offline' })));
    await page.locator('.conn.off').waitFor();
    await page.locator('[data-testid=choice]', { hasText: '"n":1' }).first().click();
    const toast = page.locator('[data-testid=toast]');
    await expect.poll(() => toast.textContent()).toContain('The server cannot be reached');
    expect(await toast.textContent()).not.toContain('Failed to fetch');
    expect((await seq(page)).seq).toBe(0);
    offline = false;
    await page.locator('.conn.on').waitFor({ timeout: 30_000 });
    await expect.poll(() => toast.count()).toBe(0);
    await choose(page, '"n":1');
    expect((await seq(page)).seq).toBe(1);
  });
});
