// BKG's Pacific map from real geography (docs/data/bkg.md "Polygons"), longitudes past 180 run on east (the map
// spans 55E to 95W): build with  npx tsx tools/map/build.ts src/rulesets/bkg/maps/pacific.config.ts
// The rules use data/map.json's links; this drawing must agree with them (maps/boards.test.ts).
import type { LinkDef, Source } from '../../../../tools/map/config-types.ts';
import { bkgMapConfig, box, type Box } from './cells.ts';
import { drawnOnly, kindOf, rules } from './differences.ts';

const r = (why: string): Source => ({ reconstructed: why });
const win = (b: Box, why: string, countries?: string[]) => ({ ...(countries ? { countries } : {}), within: box(b), source: r(why) });
const atoll = (b: Box, why: string) => ({ within: box(b), fill: true as const, source: r(`${why}: too small for the 1:50m map, drawn as a marker`) });

export const links: LinkDef[] = [
  rules("alaska", "american-west-coast", "coast", "G"),
  rules("bnl-islands-sea", "indian-ocean", "sea", "G"),
  rules("bnl-islands-sea", "solomon-sea", "sea", "G"),
  rules("burma", "tibet", "land", "G"),
  rules("canton", "indochine", "land", "G"),
  rules("east-siberia", "n-siberia", "land", "G"),
  rules("gobi", "manchuria", "land", "G"),
  rules("gobi", "peking", "land", "G"),
  rules("indian-ocean", "western-australia", "coast", "G"),
  kindOf("irkutsk", "jablonovy", "lake", "B"),
  rules("kunming", "tibet", "land", "G"),
  rules("kurile-sea", "north-pacific", "sea", "G"),
  rules("n-siberia", "stanovoj", "land", "T1"),
  rules("north-pacific", "wake-sea", "sea", "G"),
  kindOf("southern-chinese-sea", "west-indian-ocean", "strait", "A"),
];
export const unlinks: { a: string; b: string; source: Source }[] = [
  drawnOnly("alaska", "north-pacific"),
  drawnOnly("aleutian-sea", "midway-sea"),
  drawnOnly("bnl-islands-sea", "west-indian-ocean"),
  drawnOnly("bnl-islands", "caroline-sea"),
  drawnOnly("bnl-islands", "philippines-sea"),
  drawnOnly("bnl-islands", "southern-chinese-sea"),
  drawnOnly("bnl-islands", "west-indian-ocean"),
  drawnOnly("bonin-sea", "philippines-sea"),
  drawnOnly("bonin-sea", "sea-of-japan"),
  drawnOnly("bonin-sea", "wake-sea"),
  drawnOnly("burma", "chentu"),
  drawnOnly("calcutta", "chentu"),
  drawnOnly("canton", "formosa-sea"),
  drawnOnly("cape-naturaliste", "west-indian-ocean"),
  drawnOnly("caroline-sea", "coral-sea"),
  drawnOnly("caroline", "philippines-sea"),
  drawnOnly("darwin", "solomon-sea"),
  drawnOnly("formosa-sea", "philippines"),
  drawnOnly("gilbert-sea", "sea-of-panama"),
  drawnOnly("irkutsk", "stanovoj"),
  drawnOnly("irkutsk", "tibet"),
  drawnOnly("irkutsk", "usbekistan"),
  drawnOnly("korea", "vladivostok"),
  drawnOnly("kunming", "southern-chinese-sea"),
  drawnOnly("kurile-sea", "midway-sea"),
  drawnOnly("kurile-sea", "vladivostok"),
  drawnOnly("kurile-sea", "wake-sea"),
  drawnOnly("marshall-sea", "midway-sea"),
  drawnOnly("marshall-sea", "solomon-sea"),
  drawnOnly("mongolia", "pakoe"),
  drawnOnly("mongolia", "peking"),
  drawnOnly("northern-chinese-sea", "sea-of-japan"),
  drawnOnly("northern-chinese-sea", "shanghai"),
  drawnOnly("northern-chinese-sea", "southern-japan"),
  drawnOnly("philippines", "southern-chinese-sea"),
  drawnOnly("sea-of-japan", "stanovoj"),
  drawnOnly("sinkiang", "wuhan"),
];

export default bkgMapConfig({
  map: 'pacific',
  title: 'Blitzkrieg General: Pacific',
  outFile: 'src/rulesets/bkg/data/board-pacific.json',
  projection: { kind: 'equirectangular', lon0: 160 },
  window: { west: 55, east: 265, south: -45, north: 74 },
  width: 2000,
  whole: {
    korea: [{ countries: ['North Korea', 'South Korea'] }],
    formosa: [{ countries: ['Taiwan'] }],
    mongolia: [{ countries: ['Mongolia'] }],
    indochine: [{ countries: ['Vietnam', 'Laos', 'Cambodia'] }],
    siam: [{ countries: ['Thailand'] }],
    burma: [{ countries: ['Myanmar'] }],
    afghanistan: [{ countries: ['Afghanistan'] }],
    philippines: [{ countries: ['Philippines'] }],
    'bnl-islands': [{ countries: ['Indonesia', 'Brunei', 'Timor-Leste'] }],
    caroline: [{ countries: ['Micronesia', 'Palau'] }],
    marshall: [atoll([167.2, 8.4, 168.4, 9.6], 'Kwajalein in the Marshall islands')],
    mariana: [{ countries: ['N. Mariana Is.', 'Guam'] }],
    'solomon': [{ countries: ['Solomon Is.'] }],
    gilbert: [atoll([172.6, 0.9, 173.6, 1.9], 'Tarawa in the Gilbert islands')],
    hawaii: [win([199, 18.5, 206, 22.5], 'the Hawaiian islands', ['United States of America'])],
    aleutian: [win([172, 51, 196, 55.3], 'the Aleutian chain', ['United States of America'])],
    alaska: [win([190, 54.5, 219, 72], 'Alaska', ['United States of America'])],
    'usa-west': [win([230, 24, 265, 50], 'the United States west of 95W', ['United States of America'])],
    'canada-west': [win([219, 48, 265, 62], 'Canada west of 95W and south of 62N', ['Canada'])],
    midway: [atoll([182, 27.7, 183.2, 28.7], 'Midway')],
    wake: [atoll([166.1, 18.8, 167.2, 19.8], 'Wake')],
    bonin: [atoll([141.7, 26.6, 142.6, 27.6], 'the Bonin islands')],
  },
  groups: [
    { countries: ['Japan'], areas: ['southern-japan', 'northern-japan'], box: [128, 30, 147, 46], why: 'Japan cut halfway between the labels' },
    { countries: ['Malaysia', 'Singapore'], areas: ['malaya', 'bnl-islands'], box: [99, 0, 120, 8], why: 'British Malaya; British Borneo goes with the islands' },
    {
      countries: ['China', 'Hong Kong', 'Macao'],
      areas: ['manchuria', 'peking', 'shanghai', 'wuhan', 'sian', 'pakoe', 'chentu', 'chunking', 'changsa', 'kunming', 'canton', 'sinkiang', 'gobi', 'tibet'],
      box: [73, 18, 135, 54],
      why: 'China of 1939 cut halfway between the labels',
    },
    { countries: ['India', 'Bangladesh', 'Pakistan', 'Nepal', 'Bhutan', 'Sri Lanka', 'Siachen Glacier'], areas: ['india', 'calcutta'], box: [60, 5, 98, 37], why: 'British India cut halfway between the labels' },
    {
      countries: ['Russia', 'Kazakhstan', 'Uzbekistan', 'Turkmenistan', 'Kyrgyzstan', 'Tajikistan'],
      areas: ['usbekistan', 'n-siberia', 'irkutsk', 'jablonovy', 'stanovoj', 'east-siberia', 'vladivostok'],
      box: [55, 35, 192, 78],
      why: 'the Asian USSR cut halfway between the labels',
    },
    { countries: ['Australia'], areas: ['darwin', 'eastern-australia', 'western-australia'], box: [110, -45, 155, -9], why: 'Australia cut halfway between the labels' },
  ],
  // Voronoi sites moved off the labels so that the lines give the rules' borders (a seeded local search, docs/data/bkg.md).
  sites: {
    'west-indian-ocean': [90, 12], 'indian-ocean': [68, 2],
    manchuria: [125.7, 43.6], wuhan: [115.2, 29.4], sian: [110.4, 34.3], canton: [115.1, 23.5], sinkiang: [117.7, 25.3],
  },
  extra: {
    kurile: [win([145.3, 43.3, 157, 51], 'the Kurils, Japanese in 1939', ['Russia', 'Japan'])],
  },
  seas: [
    {
      areas: ['northern-chinese-sea', 'sea-of-japan', 'chinese-sea', 'formosa-sea', 'southern-chinese-sea', 'philippines-sea', 'bnl-islands-sea', 'west-indian-ocean', 'indian-ocean', 'cape-naturaliste', 'coral-sea', 'solomon-sea', 'caroline-sea', 'marshall-sea', 'mariana-sea', 'bonin-sea', 'kurile-sea', 'aleutian-sea', 'north-pacific', 'midway-sea', 'wake-sea', 'gilbert-sea', 'hawaii-sea', 'american-west-coast', 'sea-of-panama'],
      boxes: [[55, -45, 265, 74]],
      lat: 20,
    },
  ],
  lakes: [box([55, 65, 180, 78]), box([103, 51, 110.5, 56]), box([73, 44, 80, 47.5]), box([58, 43, 62, 46.8]), box([246, 41, 265, 49.5])],
  links,
  unlinks,
});
