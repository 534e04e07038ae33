// The house rules' regional map (option hr-regions): the printed board (map.config.ts) with the areas the draft
// names carved out of the territory they lie in (data/house-map.json gives their values and connections; the draft's
// own map file is missing, so every cut is drawn for Theater). Only the regional areas' outlines are used: the
// assets draw them over their hosts when the option is on.
// Build: npx tsx src/cli/main.ts map build src/rulesets/aae/map-regions.config.ts; render: map render <same> --out x.png.
import type { AreaMapConfig, LonLat, Source } from '../../../tools/map/config-types.ts';
import base from './map.config.ts';
import house from './data/house-map.json' with { type: 'json' };

const drawn = (why: string): Source => ({ reconstructed: `drawn for Theater: ${why} (the house rules' map file is missing)` });
const box = (w: number, s: number, e: number, n: number): LonLat[] => [[w, s], [e, s], [e, n], [w, n]];

const config: AreaMapConfig = {
  ...base,
  title: 'Axis & Allies: Europe (house rules: regional areas)',
  outFile: 'src/rulesets/aae/data/board-regions.json',
  countries: { ...base.countries },
  areas: {
    // The hosts keep their outlines' config; their values shrink by what their regions take.
    ...Object.fromEntries(Object.entries(base.areas).map(([id, a]) => [id, id in house.hostValues ? { ...a, value: (house.hostValues as Record<string, number>)[id] } : a])),
    berlin: { name: 'Berlin', kind: 'land', owner: 'germany', value: 2, land: [{ countries: ['Germany'], within: box(12.3, 51.9, 14.8, 53.3), source: drawn('Brandenburg around Berlin') }], source: drawn('Berlin') },
    konigsberg: {
      name: 'Königsberg', kind: 'land', owner: 'germany', value: 1,
      land: [{ countries: ['Russia'], within: box(19.5, 54.2, 23, 55.5), source: drawn('East Prussia') }, { countries: ['Poland'], within: box(19.5, 53.6, 23, 54.5), source: drawn('Masuria') }],
      source: drawn('East Prussia with Königsberg'),
    },
    warsaw: { name: 'Warsaw', kind: 'land', owner: 'germany', value: 1, land: [{ countries: ['Poland'], within: box(20.2, 51.7, 22.2, 52.8), source: drawn('Mazovia around Warsaw') }], source: drawn('Warsaw') },
    budapest: { name: 'Budapest', kind: 'land', owner: 'germany', value: 1, land: [{ countries: ['Hungary'], within: box(18.4, 47.0, 19.9, 48.0), source: drawn('around Budapest') }], source: drawn('Budapest') },
    helsinki: { name: 'Helsinki (South Finland)', kind: 'land', owner: 'germany', value: 1, land: [{ countries: ['Finland'], within: box(21.5, 59.7, 28, 61.4), source: drawn('the southern coast') }], source: drawn('South Finland') },
    london: { name: 'London', kind: 'land', owner: 'uk', value: 2, land: [{ countries: ['United Kingdom'], within: box(-1.0, 51.2, 1.5, 52.2), source: drawn('the Thames valley and estuary') }], source: drawn('London') },
    'northern-britain': { name: 'Northern Britain', kind: 'land', owner: 'uk', value: 1, land: [{ countries: ['United Kingdom'], within: box(-8.5, 54.8, 0, 61), source: drawn('Scotland, the north of England and Ulster') }], source: drawn('the North') },
    tripoli: { name: 'Tripoli', kind: 'land', owner: 'germany', value: 1, land: [{ countries: ['Libya'], within: box(9.3, 29.5, 16, 33.5), source: drawn('Tripolitania') }], source: drawn('Tripoli') },
    'northern-iran': { name: 'Northern Iran', kind: 'land', owner: 'uk', value: 1, land: [{ countries: ['Iran'], within: box(44, 35.2, 63, 40), source: drawn('the Caspian provinces') }], source: drawn('Northern Iran') },
    murmansk: { name: 'Murmansk', kind: 'land', owner: 'ussr', value: 1, land: [{ countries: ['Russia'], within: box(28, 66.6, 41.5, 70.5), source: drawn('the Kola peninsula') }], source: drawn('Murmansk') },
    baku: { name: 'Baku', kind: 'land', owner: 'ussr', value: 2, land: [{ countries: ['Azerbaijan'] }], source: { reconstructed: 'Azerbaijan: today\'s borders stand in for the Baku area' } },
    urals: { name: 'The Urals', kind: 'land', owner: 'ussr', value: 1, land: [{ countries: ['Russia'], within: box(53.5, 52, 58, 61), source: drawn('the Ural cities') }], source: drawn('the Urals') },
    estonia: { name: 'Estonia', kind: 'land', owner: 'ussr', value: 0, land: [{ countries: ['Estonia'] }], source: { reconstructed: 'Estonia: today\'s borders stand in' } },
    portugal: { name: 'Portugal', kind: 'neutral', land: [{ countries: ['Portugal'] }], source: { reconstructed: 'Portugal: today\'s borders stand in' } },
    'gulf-of-finland': { name: 'Gulf of Finland', kind: 'sea', sea: [box(22.8, 59.1, 30.5, 60.8)], source: drawn('the Gulf of Finland east of Hanko (house rules l.173, with hr-mines)') },
    'red-sea': { name: 'Red Sea', kind: 'sea', sea: [box(32, 20, 44, 30.2)], source: drawn('the Red Sea and the Gulf of Suez') },
  },
};

export default config;
