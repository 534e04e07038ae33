// Exact odds of an attack before it is committed: the server enumerates the rule set's own combat code (src/odds,
// POST /api/play/:token/inspect {kind: 'odds'}); this shows the distribution: who wins, each side's losses.
import type { OddsReport } from '../../server/protocol.ts';
import { humanize } from './names.ts';

const pct = (p: number) => `${(100 * p).toFixed(p > 0 && p < 0.001 ? 2 : 1)}%`;

/** One outcome in words: "attacker wins; losses 0 : 2, hex cleared". */
export function outcomeText(o: OddsReport['outcomes'][number]): string {
  const r = o.result;
  const who = r.winner === 'attacker' ? 'Attacker wins' : r.winner === 'defender' ? 'Defender holds' : 'No winner';
  const detail = Object.entries(r.detail ?? {}).filter(([, v]) => v !== false && v !== null)
    .map(([k, v]) => (v === true ? humanize(k).toLowerCase() : `${humanize(k).toLowerCase()} ${String(v)}`));
  return `${who}; losses ${r.attackerLosses} : ${r.defenderLosses}${detail.length ? `; ${detail.join(', ')}` : ''}`;
}

/** Most likely outcomes shown one per row; the rest summed. */
const ROWS = 8;

/** `brief`: the summary alone (the attack being composed; its table comes with the confirmation). */
export function OddsView({ report, note, brief }: { report: OddsReport | null; note?: string; brief?: boolean }) {
  if (!report) return <p class="odds muted" data-testid="odds">Exact odds: {note ?? 'not available for this attack'}.</p>;
  const s = report.summary;
  const rows = brief ? [] : report.outcomes.slice(0, ROWS);
  const rest = brief ? 0 : report.outcomes.slice(ROWS).reduce((a, o) => a + o.p, 0);
  return (
    <div class="odds" data-testid="odds">
      {report.description && <div class="odds-desc">{report.description}</div>}
      {report.note && <div class="odds-note muted" data-testid="odds-note">{report.note}</div>}
      <div class="odds-summary" data-testid="odds-summary">
        Win {pct(s.pWin)} · lose {pct(s.pLose)}{s.pNone > 0 ? ` · neither ${pct(s.pNone)}` : ''}
        <span class="muted"> — expected losses {s.expectedAttackerLosses.toFixed(2)} (you) to {s.expectedDefenderLosses.toFixed(2)}</span>
      </div>
      {rows.map((o) => (
        <div class="odds-row" key={o.key} data-testid="odds-row" title={`exactly ${o.exact}`}>
          <span class="odds-label">{outcomeText(o)}</span>
          <span class="odds-bar"><span style={{ width: `${100 * o.p}%` }} /></span>
          <span class="odds-p">{pct(o.p)}</span>
        </div>
      ))}
      {rest > 0 && <div class="odds-row muted"><span class="odds-label">{report.outcomes.length - ROWS} other outcomes</span><span /><span class="odds-p">{pct(rest)}</span></div>}
    </div>
  );
}
