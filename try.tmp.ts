import { startE2E, apiCall, shot } from './test/e2e/harness.ts';
const e = await startE2E({ timeout: 30000 });
const p = e.page;
try {
  for (const sc of ['case-white', 'sink-the-bismarck']) {
    const g: any = await apiCall(e.server, 'POST', '/api/games', { ruleset: 'eto', scenario: sc, seats: { axis: { kind: 'human' }, allies: { kind: 'human' } } });
    await p.setViewportSize({ width: 1440, height: 900 });
    await p.goto(`${e.server.url}/play/${g.seats.axis.token}`);
    await p.locator('[data-testid=game]').waitFor();
    await p.waitForTimeout(1000);
    await shot(p, `try-eto-${sc}`);
    console.log(sc, (await p.locator('[data-testid=prompt]').innerText()).slice(0, 600));
  }
  console.log('errors', e.errors);
} finally { await e.close(); }
