import { startE2E, apiCall, shot } from './test/e2e/harness.ts';
const e = await startE2E({ timeout: 30000 });
const p = e.page;
try {
  const g: any = await apiCall(e.server, 'POST', '/api/games', { ruleset: '2ww', options: { quickSetup: true }, seats: { axis: { kind: 'human' }, allies: { kind: 'human' } } });
  await p.setViewportSize({ width: 1440, height: 900 });
  await p.goto(`${e.server.url}/play/${g.seats.axis.token}`);
  await p.locator('[data-testid=map] .counter').first().waitFor();
  await p.waitForTimeout(500);
  await shot(p, 'try-2ww');
  await p.locator('[data-testid=map] [data-unit="ge-inf-4"]').first().click();
  await p.waitForTimeout(300);
  await shot(p, 'try-2ww-sel');
  await p.keyboard.press('i');
  await p.waitForTimeout(300);
  await shot(p, 'try-2ww-ids');
  await p.setViewportSize({ width: 390, height: 844 });
  await p.reload();
  await p.locator('[data-testid=map] .counter').first().waitFor();
  await p.waitForTimeout(500);
  await shot(p, 'try-2ww-phone');
  console.log('errors', e.errors);
} finally { await e.close(); }
