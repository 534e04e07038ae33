import { startE2E, apiCall, shot } from './test/e2e/harness.ts';
const e = await startE2E({ timeout: 20000 });
const p = e.page;
const sid = async () => Number(await p.locator('[data-testid=game]').getAttribute('data-state-id'));
const after = async (b: number) => p.waitForFunction((x) => Number(document.querySelector('[data-testid=game]')?.getAttribute('data-state-id')) > x, b);
try {
  const g: any = await apiCall(e.server, 'POST', '/api/games', { ruleset: 'fixture-areas', seats: { north: { kind: 'human' }, south: { kind: 'human' } } });
  await p.setViewportSize({ width: 1440, height: 900 });
  await p.goto(`${e.server.url}/play/${g.seats.north.token}`);
  await p.locator('[data-testid=game]').waitFor();
  // place on map
  let b = await sid();
  await p.locator('[data-testid=hl-ncoast]').click({ position: { x: 8, y: 8 } }); await after(b);
  b = await sid();
  await p.locator('[data-testid=choice]', { hasText: 'Place the rest' }).click(); await after(b);
  console.log('after north setup prompt:', await p.locator('[data-testid=prompt]').innerText());
  // switch to south
  await p.goto(`${e.server.url}/play/${g.seats.south.token}`); await p.locator('[data-testid=your-turn]').waitFor();
  b = await sid();
  await p.locator('[data-testid=choice]', { hasText: 'Place the rest' }).click(); await after(b);
  await p.goto(`${e.server.url}/play/${g.seats.north.token}`); await p.locator('[data-testid=your-turn]').waitFor();
  await shot(p, 'try-areas-move');
  console.log('move prompt:', await p.locator('[data-testid=prompt]').innerText());
  // select the nhold stack on the map
  await p.locator('[data-testid=map] [data-place=nhold] [data-unit]').first().click();
  await p.locator('[data-testid=hl-midmarch]').waitFor();
  await shot(p, 'try-areas-group');
  b = await sid();
  await p.locator('[data-testid=hl-midmarch]').click(); await after(b);
  // illegal click: select ncoast stack then click shold
  await p.locator('[data-testid=map] [data-place=ncoast] [data-unit]').first().click();
  await p.locator('[data-testid=hl-wfields]').waitFor();
  await p.locator('[data-testid=map] .hits [data-place=scoast]').click({ position: { x: 8, y: 14 }, force: true });
  await p.locator('[data-testid=refusal]').waitFor();
  console.log('refusal:', await p.locator('[data-testid=refusal]').innerText());
  await shot(p, 'try-areas-refusal');
  // move into south territory to get a battle: nhold -> midmarch already; move midmarch? moved units cannot. move nhold->midmarch again, then end, then south moves into midmarch
  await p.keyboard.press('Escape'); await p.keyboard.press('Escape');
  b = await sid();
  await p.locator('[data-testid=choice][data-phase]', { hasText: 'End the movement' }).click(); await after(b);
  b = await sid();
  await p.locator('[data-testid=choice]', { hasText: 'End the combat' }).click(); await after(b);
  await p.goto(`${e.server.url}/play/${g.seats.south.token}`); await p.locator('[data-testid=your-turn]').waitFor();
  await p.locator('[data-testid=group][data-group=shold]').click();
  await p.locator('[data-testid=hl-midmarch]').waitFor();
  b = await sid();
  await p.locator('[data-testid=choice]', { hasText: 'to Midmarch' }).click(); await after(b);
  await p.locator('[data-testid=group][data-group=shold]').click();
  b = await sid();
  await p.locator('[data-testid=choice]', { hasText: 'to Midmarch' }).click(); await after(b);
  b = await sid();
  await p.locator('[data-testid=choice][data-phase]', { hasText: 'End the movement' }).click(); await after(b);
  console.log('combat prompt:', await p.locator('[data-testid=prompt]').innerText());
  await shot(p, 'try-areas-combat');
  // end combat with an attack open -> warning
  await p.locator('[data-testid=choice][data-phase]', { hasText: 'End the combat' }).click();
  await p.locator('[data-testid=confirm-warning]').waitFor();
  console.log('warning:', await p.locator('[data-testid=confirm-warning]').innerText());
  await p.keyboard.press('Escape');
  b = await sid();
  await p.locator('[data-testid=choice]', { hasText: 'Attack in Midmarch' }).click(); await after(b);
  await p.locator('[data-testid=running-odds]').waitFor();
  await shot(p, 'try-areas-battle');
  console.log('battle:', await p.locator('[data-testid=prompt]').innerText());
  await p.locator('[data-testid=choice]', { hasText: 'Attack Midmarch' }).click();
  await p.locator('[data-testid=confirm-box] [data-testid=odds]').waitFor();
  await shot(p, 'try-areas-confirm');
  b = await sid();
  await p.locator('[data-testid=confirm]').click(); await after(b);
  await p.locator('[data-testid=log] .has-data button').last().click();
  await shot(p, 'try-areas-result');
  console.log('log:', await p.locator('[data-testid=log]').innerText());
  await p.locator('[data-testid=rule-link]').first().click();
  await p.locator('[data-testid=rule-card]').waitFor();
  console.log('card:', await p.locator('[data-testid=rule-card]').innerText());
  await shot(p, 'try-areas-rulecard');
  console.log('errors', e.errors);
} finally { await e.close(); }
