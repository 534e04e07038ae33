// The house rules (axis-allies-europe-house-rules.txt, second draft) as options: each its own switch, and one
// "house rules" preset that turns every implemented one on. docs/rulesets/aae.md lists what each does and what is
// not implemented.
import type { OptionInfo, Options } from '../../../engine/index.ts';

export interface HouseRule {
  id: string;
  name: string;
  /** Lines of the house rules it comes from. */
  lines: string;
  description: string;
}

export const HOUSE_RULES: HouseRule[] = [
  { id: 'regions', name: 'Regional areas', lines: '1, 3, 103, 119-133, 173, 195, 205-213', description: 'The areas the draft names are added to the map, carved out of their printed territory: Berlin, Königsberg, Warsaw, Budapest, Helsinki, London, Northern Britain, Tripoli, Northern Iran, Murmansk, Baku, the Urals, Estonia, Portugal, the Red Sea and the South Africa box' },
  { id: 'd10', name: 'Combat on d10', lines: '48-54, 92-97', description: 'New combat values and costs on ten-sided dice (German armour 5/6 for 6 IPCs, damaged battleships at half value); antiaircraft guns hit on 1' },
  { id: 'barbarossa', name: 'Barbarossa', lines: '155', description: 'Round 1: Soviet armour defends at -1 and Soviet aircraft at -2; in the Soviet turn Soviet aircraft and armour attack at -1; German aircraft +1 in the Soviet Union (with combat on d10)' },
  { id: 'max-rounds', name: 'Four combat rounds', lines: '36', description: 'A land battle lasts at most 4 rounds (3 in Winter; 3 in Summer in North Africa and the Middle East; one fewer in rough and wetland terrain with hr-terrain); then the attacker withdraws' },
  { id: 'aa-every-round', name: 'Antiaircraft fire every round', lines: '22', description: 'Defending antiaircraft guns fire first in every round, each at up to 3 aircraft (bombers first, fighters and bombers rolled apart); guns with no aircraft to fire at fight as weak artillery (defence 2)' },
  { id: 'anti-tank', name: 'Anti-tank guns', lines: '24', description: 'Before round 1 the defender may name up to half its artillery and spare guns anti-tank guns: they fire only at armour, at -1, and the attacker\'s armour hits them first' },
  { id: 'targeting', name: 'Target hits and armour breakthrough', lines: '28-30', description: 'A fighter\'s hit rolled at 4 or more is a target hit: the firer picks the victim (a fighter before a bomber); from round 2 armour does the same against tanks, artillery and guns' },
  { id: 'air-reaction', name: 'Air reaction', lines: '32, 88', description: 'At the start of round 2 the defender may bring in fighters from adjacent areas that have not fought and have no battle of their own; they fly home after the battle' },
  { id: 'defender-retreat', name: 'Defender retreat and pursuit', lines: '34', description: 'Before round 2 the defender may retreat (not while fighters reacted); the attacker may pursue for one round, the defenders at -1 and its own infantry and artillery at -1' },
  { id: 'terrain', name: 'Terrain', lines: '36-38', description: 'Rough: armour -1, defending infantry and artillery +1; wetland and forest: armour -2, aircraft halved, attacking infantry -1; both one round fewer; built-up cities: defending infantry take two hits (terrain read from geography: the draft\'s map is missing)' },
  { id: 'weather', name: 'Weather', lines: '40', description: 'Winter: aircraft -1, no amphibious assault from the Atlantic or the Baltic; Spring in Eastern Europe: 3 rounds, only half of each unit type fights (attacker rounding down, defender up), armour moves 1' },
  { id: 'winter-1941', name: 'Winter 1941', lines: '44', description: 'Turn 4 in Eastern Europe, Axis units but the Finns: armour moves 1, the Axis attack 2 rounds, aircraft -2, attacking infantry and artillery -1, attacking armour -2' },
  { id: 'bombardment', name: 'Bombardment half hits', lines: '46', description: 'Battleships bombard before rounds 1 and 2, destroyers before round 1; each hit is a half hit: the unit fights at -1, a second half hit destroys it' },
  { id: 'naval-sequence', name: 'Naval combat sequence', lines: '76-90', description: 'Submarine search (d10, 6+; Winter -1, destroyer +2, other ship -1), the air battle with carrier fighters (attacker -2, defender -1), the air strike (bombers at their defence, ships firing back at half), submarines\' first strike (attacking at 4 with target hits), gunnery (battleships 2 dice at surface ships, submarines at submarines on 2 or 1, transports last); defending submarines submerge after a round; the defender\'s ships may retreat before round 3, pursued by one air strike' },
  { id: '88s', name: 'The 88s', lines: '22, 175', description: 'German antiaircraft guns fighting as artillery attack 2 and defend 3' },
  { id: 'stalin-shock', name: 'Stalin\'s shock and paralysis', lines: '143', description: 'Germany\'s first turn: Soviet armour and aircraft defend at a further -1, and the Soviets may retreat only before round 3' },
  { id: 'ss', name: 'SS armour', lines: '161', description: 'From Winter 1942 Germany may build one SS armour a turn (7 IPCs, 6/7, at most 3): it ignores its first hit on a d6 of 3 or more' },
  { id: 'guards', name: 'Guards armour', lines: '135', description: 'From Autumn 1942 the Soviets may convert one armour a turn to Guards (1 IPC, 5/6, at most 5): a hit on it is ignored on a d6 of 5 or 6, the second always kills' },
  { id: 'armoured-carriers', name: 'Armoured carriers', lines: '195', description: 'A British carrier carries one fighter; a hit from an aircraft is shrugged off on a d6 of 4 or more, a second one or a torpedo or gunnery hit sinks it' },
  { id: 'night-bombing', name: 'Night bombing', lines: '76', description: 'British and German bombers may raid industry by night: no escort, interceptors at 3 below their defence, no bomber defence, d6-2 damage a bomber' },
  { id: 'landing-craft', name: 'Landing craft', lines: '16, 97', description: 'A transport next to a friendly port may be fitted with landing craft (6 IPCs); from a transport without them only infantry may land in an assault, at -1 for the whole battle' },
  { id: 'repairs', name: 'Repairs in port', lines: '10', description: 'A damaged battleship is no longer repaired for free at the end of its turn: at the start of its owner\'s turn it may be repaired next to a friendly port for d3 + 3 IPCs' },
  { id: 'supply', name: 'Supply', lines: '20', description: 'Before the combat move land and air units on land trace a route to a friendly industrial complex through friendly territory and sea zones free of enemy surface warships; out of supply they fight at -1 and attack only to reopen a route (German units in Norway may not trace through Finland)' },
  { id: 'volksgrenadiers', name: 'Volksgrenadiers', lines: '167', description: 'After a major defeat (the Axis lose a battle in which 6 or more German land units are lost) Germany may build Volksgrenadier infantry (2 IPCs, 1/2)' },
  { id: 'liberation', name: 'French liberation', lines: '187', description: 'At the start of the US turn, in a French territory the United States holds with a US unit, it may build one French infantry (3 IPCs)' },
  { id: 'armour-second-attack', name: 'Armour second attacks', lines: '56', description: 'Armour that moved one area and won may attack a second territory, starting two rounds after the first battle ended, within the round limit' },
  { id: 'naval-move', name: 'Naval move 3', lines: '105', description: 'Ships move 3 sea zones (damaged battleships 1)' },
  { id: 'air-bonus', name: 'Air redeployment', lines: '105', description: 'Aircraft that did not move to attack get +2 movement in the noncombat move over friendly territory only' },
  { id: 'fighter-landing', name: 'Fighters land in captured territory', lines: '105', description: 'A fighter that attacked a territory from next to it may land there once taken, with 1 movement left' },
  { id: 'factory-limit', name: 'Factory limits', lines: '7, 109', description: 'At most twice the territory\'s value in new units per industrial complex; at a captured one only infantry, up to its value' },
  { id: 'half-value', name: 'Captured territory at half value', lines: '111', description: 'A territory taken from its original owner yields half its value (rounded down)' },
  { id: 'us-income', name: 'US production schedule', lines: '179', description: 'US base income 20 on turns 1-2, 30 on 3-4, 40 on 5-6, 50 on 7-8, 60 from turn 9' },
  { id: 'sbr', name: 'Strategic bombing (house)', lines: '58-64, 181', description: 'One escort fighter a turn (range 3) at -2, interceptors at -1, US bombers defend on 1 each, others 1 per pair; each antiaircraft gun fires at up to 3 bombers; damage d6-1 per bomber, at most twice the territory\'s value' },
  { id: 'rail', name: 'Rail movement and rail bombing', lines: '107, 66-68', description: 'Land units move by rail in the noncombat move through territory held since the turn began: Germany 10 points, the Soviet Union 12; infantry and artillery cost 2, armour 3; bombing a territory\'s rail adds half the damage (rounded up) to the cost of moving through it this turn' },
  { id: 'fortresses', name: 'Copenhagen and Gibraltar fortresses', lines: '159, 197', description: 'Enemy ships in the Danish Sea (Denmark Axis) or the Strait of Gibraltar (Gibraltar British) are fired at when the combat phase begins' },
  { id: 'speer', name: 'Albert Speer', lines: '169', description: 'Germany is worth 150% in 1943 and 200% in 1944' },
  { id: 'reservists', name: 'Soviet army reservists', lines: '117', description: 'First Soviet turn: 10 dice; each even die places an infantry in a Soviet territory, each odd one adds a free infantry to the turn\'s builds' },
  { id: 'commonwealth', name: 'Commonwealth reinforcements', lines: '191', description: 'Turns 1-4: one free British infantry in Iraq or Egypt' },
  { id: 'malta', name: 'Malta', lines: '199', description: 'British income -1 while Malta is British; Malta starves of a unit when the Axis has warships in the Mediterranean and the British none' },
  { id: 'japan', name: 'War with Japan', lines: '211', description: 'End of turn 3 a British destroyer leaves, end of turn 4 a battleship, a carrier and a fighter, and British income falls by 3; from turn 6 a capital ship may come back (1-3 on a die)' },
  { id: 'convoys', name: 'Soviet convoys', lines: '121-123', description: 'The Arctic convoy (the Soviet convoy centre, 4) pays from the Soviet income of Winter 1941, 2 with Murmansk or Archangel in Axis hands, nothing with both; two Atlantic lend-lease convoys add 3 each from Summer and Winter 1942, 1 each with Northern Iran or Iraq in Axis hands' },
  { id: 'partisans', name: 'Communist partisans', lines: '131', description: 'German rail inside Soviet territory: 6 points in 1942, 4 from 1943; Axis units retreating from a Soviet attack lose an infantry on a d10 of 0 (9-0 in 1942, 8-0 from 1943)' },
  { id: 'nkvd', name: 'Red Army towns and the NKVD', lines: '139', description: 'Each Soviet mobilization may place one infantry in a Soviet territory without an industrial complex (Baku too)' },
  { id: 'oil', name: 'Axis oil vulnerability', lines: '163', description: 'With Rumania in Allied hands and Baku not Axis, Germany names two of submarines, surface ships, aircraft and armour at the start of each turn: its units of those classes move one less that turn' },
  { id: 'militia', name: 'City militia', lines: '129, 171', description: 'A Soviet major city (Moscow, Leningrad, Stalingrad, Baku, the Urals) or Berlin and Königsberg attacked by land may raise militia (1 IPC each, twice the city\'s value; the value on a second call after a disband): defence 1, no move, not lost in round 1 while infantry remain; at the end of the owner\'s next turn disbanded (+1 IPC each) or made infantry (1 IPC each)' },
  { id: 'cape', name: 'Round the Cape', lines: '215', description: 'With the regional map: British ships and German submarines sail from the South Atlantic to the South Africa box for 2 movement; British ships go on to the Red Sea for 2 more, then through Suez while the Allies hold Egypt' },
  { id: 'home-guard', name: 'Home Guard', lines: '193', description: 'The first Axis ground invasion of the United Kingdom calls out the Home Guard (defend as militia, never leave the United Kingdom, not casualties while regular infantry fight): 2d6 in London, 3d6 in the North, 5d6 in the South; even dice now, odd dice at the next British turn' },
  { id: 'surrender', name: 'Axis Minor surrender', lines: '3, 147-149', description: 'The pieces starting in Italy, Hungary, Rumania, Bulgaria and Finland (and the Axis fleet in the Mediterranean, Italian) are those nations\' (still played by Germany). Italy surrenders at the end of a turn with Northern Italy lost, or two of Sardinia, Sicily and Southern Italy lost with Italian North Africa; another nation when its home area falls, or, once a game, before an Allied attack on its home country with at least 150% of the defenders\' ground and air units, on a d6 of 1 (Hungary), 2 (Finland), 3 (Rumania), 4 (Bulgaria), one better after a major German defeat. Its land and air units leave; each ship scuttles on 1-2 or joins the British on 3-6' },
  { id: 'paratroops', name: 'Paratroops', lines: '18', description: 'Germany and the Soviet Union may buy paratroops (4 IPCs; attack 3 in round 1, then 2; defence 3), two in play each; the others only by research. They move and fight as land units (air drops are not implemented)' },
  { id: 'forts', name: 'Coastal forts', lines: '12, 14, 54', description: 'Coastal forts may be bought (3 IPCs) and placed in a coastal territory held since the turn began, one an area: defence 4 against an amphibious assault, 2 against a land attack; they never move. Overseas (no land route to the capital) a fort defends at half until the end of its owner\'s next turn' },
  { id: 'production-cycle', name: 'Production cycle', lines: '12', description: 'Aircraft, transports, destroyers and submarines take 2 turns to build, battleships and carriers 3: the price is paid in equal instalments, the first at purchase and one at the start of each later turn (a unit not paid waits a turn on the time track); the last paid, the unit is placed at that turn\'s mobilization' },
  { id: 'early-offensive', name: 'Soviet early offensive', lines: '127', description: 'On a Winter turn, after Germany\'s purchases, the Soviet Union (holding 4 IPCs) may pay d3 + 1 IPCs to make its combat move and fight its battles at once, land units only; in the first land battle Axis Minor ground units fight round 1 at -1. The Soviet turn then has no combat phase, and the units that attacked do not move again' },
  { id: 'relocation', name: 'Factory relocation', lines: '133', description: 'After its noncombat move the Soviet Union may move one industrial complex (not Moscow\'s) a turn by rail through territory held since the turn began (4 rail points with rail movement, and 1 IPC): to the Urals, adding 1 to their value, or to a territory without a complex, which builds only up to its value that turn' },
  { id: 'oil-raid', name: 'Raids on Rumania\'s oil', lines: '165', description: 'Rumania may be raided like industry (at most 2 IPCs lost); 4 points of damage rolled make Germany name one class of submarines, surface ships, aircraft and armour that moves one less in its next turn, 5 or more two' },
  { id: 'strike-choice', name: 'Air strike targets', lines: '80', description: 'With the naval combat sequence, the attacker announces before each air strike whether its aircraft strike at any ship or at warships only, ignoring submarines and transports' },
  { id: 'axis-minor', name: 'The Axis Minor player', lines: '3-5, 151-153', description: 'A fifth power, the Axis Minor (Italy with Greece and Libya, Hungary, Rumania, Bulgaria, Finland), plays its own turn after Germany\'s with the pieces, territories and income of its nations: Italy builds at its complex (army and aircraft early-war at -1, ships regular), Hungary 2 ground units a turn, Rumania infantry, artillery and submarines, Bulgaria 1 infantry, Finland 1 regular infantry in Helsinki; Hungarian and Rumanian units keep out of each other\'s country, Bulgarians go only to Greece and Yugoslavia until attacked, Hungary (from turn 2, 4 in all) and Italy (5 in all) send one unit a turn into the Soviet Union' },
  { id: 'vichy', name: 'Vichy France', lines: '177', description: 'Vichy holds Vichy France, Morocco, Algeria, Tunisia and Syria with its own forces (worth nothing to anyone; friendly to the Axis for supply): no unit enters but to attack, from turn 4 (Syria from turn 1); its ground units give up after one round unless the British attack; the first attack sends each ship of its fleet to the Axis on a 1, the Allies on a 6, else it is scuttled; every Vichy unit goes when Algeria falls' },
  { id: 'mines', name: 'Gulf of Finland mines', lines: '173', description: 'The Gulf of Finland is a sea zone of its own, carved from the Baltic Sea (Leningrad and Vyborg lie on it); every ship moving into or out of it rolls a d6 and is hit on 1-4 (a battleship damaged, any other ship sunk), from 1942 with +1 for each of Vyborg, Helsinki, Estonia and the Baltic States (Riga) in Soviet hands' },
  { id: 'research', name: 'Research and development', lines: '217-239', description: 'At the start of its turn a power rolls a d10 against its started research items (each from its start turn at research number 1, +1 a turn) and may gain one the roll reaches: German snorkel submarines (5) and night fighters (4); British submarine detection (3), night fighters (2) and paratroops (3); American submarine detection, Liberty ships and paratroops (3); Italian regular fighters (4, with the Axis Minor). An item is offered only with the rule it changes; detection and the snorkel may be gained twice' },
  { id: 'convoy-attacks', name: 'Convoy attacks', lines: '99-103', description: 'Warships and aircraft in an enemy convoy centre attack the convoy instead of cutting it: each unit type takes option A (d6-1 damage, aircraft d6-2, then one round against the escort at half values) or B (one round against the escort at full values, then d6-2, aircraft d6-3); the damage is IPCs lost by the convoy\'s owner, at most twice its value. The Arctic convoy: no aircraft in Winter; in Summer submarines -1, aircraft without their extra -1 to damage' },
  { id: 'partisan-units', name: 'Partisan units', lines: '203-209', description: 'British partisans (attack 1, defence 1) stand in Axis territory without a battle, move one area only in the British combat move and stay at home until their country is free; they rise, or the Axis attacks them, by the phasing player\'s choice, and may disperse after a round (staying put). French: once a game during a British invasion of France, 1 IPC; Yugoslav: from 1942 on even turns (every turn once Italy has surrendered), 1 IPC; the Warsaw uprising: once in 1943 (d3 + 1) or 1944 (2d3), free, fighting at once without retreat. An area held through partisans alone yields no income' },
  { id: 'victory', name: 'Victory conditions (house)', lines: '241', description: 'Each power its own goal, checked at the end of every turn: the Axis hold 10 points of cities; the Soviets take Berlin, Budapest, Königsberg and Warsaw; the British defeat Germany and Italy and hold Egypt, Greece and Gibraltar; the Americans defeat Germany (it holds fewer than 2 areas of Germany). At the end of turn 16 Germany wins holding 2 areas of Germany' },
];

export const HOUSE_PRESET = 'houseRules';

export const HOUSE_OPTIONS: OptionInfo[] = [
  {
    id: HOUSE_PRESET, name: 'House rules (all)',
    description: 'Every house rule of the second draft that Theater implements (each can also be switched on alone, or off against the preset).',
    default: false, values: [false, true],
  },
  ...HOUSE_RULES.map((r) => ({
    id: `hr-${r.id}`, name: r.name, description: `${r.description} (house rules l.${r.lines})`, default: null, values: [null, false, true], preset: HOUSE_PRESET,
  })),
];

/** Which house rules a game plays with: the preset turns all on; a switch given true or false decides alone. */
export function houseSwitches(o: Options): Record<string, boolean> {
  const all = o[HOUSE_PRESET] === true;
  const out: Record<string, boolean> = {};
  for (const r of HOUSE_RULES) {
    const v = o[`hr-${r.id}`];
    if (v === true || (all && v !== false)) out[r.id] = true;
  }
  return out;
}

export type HouseRuleId = (typeof HOUSE_RULES)[number]['id'];
