import { urlOf } from '@chrysos/contract/client';
import { describe, expect, it } from 'vitest';
import { launchApi, walletProtocolApi } from './endpoints.ts';
import { launchPath } from './launch.ts';
import { walletPaths } from './paths.ts';

describe('wallet protocol endpoints', () => {
  it('answer at the paths the studios call', () => {
    for (const call of Object.keys(walletPaths) as (keyof typeof walletPaths)[]) {
      expect(urlOf(walletProtocolApi[call])).toBe(walletPaths[call]);
    }
    expect(urlOf(launchApi.launch)).toBe(launchPath);
  });
});
