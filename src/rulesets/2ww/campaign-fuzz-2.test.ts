import { describe } from 'vitest';
import { fuzzCampaigns } from './fuzz-campaigns.ts';

describe('2WW random campaigns, part 2 of 4', () => fuzzCampaigns(['fuzz-6', 'fuzz-7', 'fuzz-8', 'fuzz-9', 'fuzz-10'], 'group'));
