// A rule set option as a form field (home's new-game form, the position editor).
import type { Json } from '../engine/types.ts';
import type { RulesetInfo } from '../server/protocol.ts';

/**
 * An option's value as words: booleans "Yes"/"No"; null, the value of a switch that follows a preset (A&A Europe's
 * house rules), as what it means: "As the preset (House rules (all))".
 */
export function valueWords(v: Json, preset?: string): string {
  if (v === null) return preset ? `As the preset (${preset})` : 'Default';
  return v === true ? 'Yes' : v === false ? 'No' : String(v);
}

/** `all`: the rule set's options, to name the preset a switch follows. */
export function OptionInput({ o, value, onChange, all }: {
  o: RulesetInfo['options'][number]; value: Json; onChange(v: Json): void; all?: RulesetInfo['options'];
}) {
  if (o.values?.length) {
    const preset = o.preset ? (all?.find((x) => x.id === o.preset)?.name ?? o.preset) : undefined;
    return (
      <select value={JSON.stringify(value)} onChange={(e) => onChange(JSON.parse((e.target as HTMLSelectElement).value) as Json)} data-testid={`option-${o.id}`}>
        {o.values.map((v) => <option key={JSON.stringify(v)} value={JSON.stringify(v)}>{valueWords(v, preset)}</option>)}
      </select>
    );
  }
  if (typeof o.default === 'boolean') {
    return <input type="checkbox" checked={value === true} data-testid={`option-${o.id}`} onChange={(e) => onChange((e.target as HTMLInputElement).checked)} />;
  }
  return <input value={String(value ?? '')} data-testid={`option-${o.id}`} onInput={(e) => { const t = (e.target as HTMLInputElement).value; onChange(typeof o.default === 'number' ? Number(t) : t); }} />;
}
