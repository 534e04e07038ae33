import { describe } from 'vitest';
import { fuzzCampaigns } from './fuzz-campaigns.ts';

describe('2WW random campaigns, part 4 of 4', () => fuzzCampaigns(['fuzz-16', 'fuzz-17', 'fuzz-18', 'fuzz-19', 'fuzz-20'], 'group'));
