// A rule set option as a form field (home's new-game form, the position editor).
import type { Json } from '../engine/types.ts';
import type { RulesetInfo } from '../server/protocol.ts';

/** An option's value as words: booleans "Yes"/"No". */
export function valueWords(v: Json): string {
  return v === true ? 'Yes' : v === false ? 'No' : String(v);
}

export function OptionInput({ o, value, onChange }: { o: RulesetInfo['options'][number]; value: Json; onChange(v: Json): void }) {
  if (o.values?.length) {
    return (
      <select value={JSON.stringify(value)} onChange={(e) => onChange(JSON.parse((e.target as HTMLSelectElement).value) as Json)} data-testid={`option-${o.id}`}>
        {o.values.map((v) => <option key={JSON.stringify(v)} value={JSON.stringify(v)}>{valueWords(v)}</option>)}
      </select>
    );
  }
  if (typeof o.default === 'boolean') {
    return <input type="checkbox" checked={value === true} data-testid={`option-${o.id}`} onChange={(e) => onChange((e.target as HTMLInputElement).checked)} />;
  }
  return <input value={String(value ?? '')} data-testid={`option-${o.id}`} onInput={(e) => { const t = (e.target as HTMLInputElement).value; onChange(typeof o.default === 'number' ? Number(t) : t); }} />;
}
