// Which AI answers a chooseAction call: src/ai/index.ts's `chooseAction` once the AI module provides it, the random
// player until then. Runs inside the AI worker threads.
import { chooseRandomAction, type ChooseActionRequest, type ChooseActionResult } from '../ai/random-player.ts';

export type { ChooseActionRequest, ChooseActionResult };
type Chooser = (req: ChooseActionRequest) => ChooseActionResult | Promise<ChooseActionResult>;

let chooser: Promise<Chooser> | null = null;

async function findChooser(): Promise<Chooser> {
  // A computed specifier: src/ai/index.ts may not exist yet, and the type checker must not require it.
  const path = '../ai/index.ts';
  try {
    const mod = (await import(/* @vite-ignore */ path)) as { chooseAction?: Chooser };
    if (typeof mod.chooseAction === 'function') return mod.chooseAction;
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code !== 'ERR_MODULE_NOT_FOUND' && !String((e as Error).message).includes('Cannot find module')) throw e;
  }
  return chooseRandomAction;
}

/** Load the AI module (the first decision would otherwise pay for it). */
export function loadChooser(): Promise<Chooser> {
  return (chooser ??= findChooser());
}

export async function chooseAction(req: ChooseActionRequest): Promise<ChooseActionResult> {
  const r = (await (await loadChooser())(req)) as ChooseActionResult | ChooseActionResult['action'];
  // Accept a bare action too, so the AI module may return either.
  return r && typeof r === 'object' && 'action' in r && typeof r.action === 'object' ? r as ChooseActionResult : { action: r as ChooseActionResult['action'] };
}
