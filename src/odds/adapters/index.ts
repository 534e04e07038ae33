// Every rule set's odds adapter, registered at load.
import { registerOddsAdapter } from '../odds.ts';
import { duelOdds } from './duel.ts';
import { twoWWOdds } from './2ww.ts';

registerOddsAdapter(duelOdds);
registerOddsAdapter(twoWWOdds);

export { duelOdds, twoWWOdds };
