// "Your turn" notices: a WebSocket message to the seat's open channels and, when the seat set one, a webhook POST.
import { prompts } from '../engine/kernel.ts';
import type { Seat } from '../engine/types.ts';
import type { GameManager } from './games.ts';
import { settled, type Live } from './live-games.ts';
import { WebhookSender } from './webhooks.ts';

export class Notifications {
  private readonly webhooks: WebhookSender;

  constructor(private readonly m: GameManager) {
    this.webhooks = new WebhookSender(m.webhookPolicy, m.webhookTimeoutMs, m.log);
  }

  /** `seat` has a decision to make now (it had none before). AI seats are not told. */
  yourTurn(live: Live, seat: Seat): void {
    const rec = live.seats.find((s) => s.seat === seat);
    if (!rec || rec.kind === 'ai') return;
    const what = this.m.entropy.open(live)
      ? 'open the game to take your seat: the dice wait for your contribution (docs/fair-dice.md)'
      : prompts(live.ruleset, live.game.state, settled).find((p) => p.seat === seat)?.text ?? 'a decision is awaited';
    const text = `Your turn (${seat}) in ${live.ruleset.title}, game ${live.rec.id}: ${what}`;
    this.m.conns.sendTo(live.rec.id, (c) => c.seat === seat, { type: 'your-turn', gameId: live.rec.id, seat, text });
    if (rec.webhook) this.m.track(this.webhooks.post(rec.webhook, text));
  }
}
