import { describe } from 'vitest';
import { fuzzCampaigns } from './fuzz-campaigns.ts';

describe('2WW random campaigns, part 1 of 4', () => fuzzCampaigns(['fuzz-1', 'fuzz-2', 'fuzz-3', 'fuzz-4', 'fuzz-5'], 'all'));
