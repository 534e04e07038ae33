import { describe } from 'vitest';
import { fuzzCampaigns } from './fuzz-campaigns.ts';

describe('2WW random campaigns, part 3 of 4', () => fuzzCampaigns(['fuzz-11', 'fuzz-12', 'fuzz-13', 'fuzz-14', 'fuzz-15'], 'all'));
