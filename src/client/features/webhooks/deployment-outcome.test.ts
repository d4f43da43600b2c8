import { describe, expect, it } from 'vitest';
import { deploymentOutcome } from './deployment-outcome';

describe('deploymentOutcome', () => {
  it('calls zero successes a failure, with apps or without', () => {
    expect(deploymentOutcome({ successful: 0, total_apps: 1 })).toBe('failed');
    expect(deploymentOutcome({ successful: 0, total_apps: 0 })).toBe('failed');
  });
  it('tells a partial success apart from a full one', () => {
    expect(deploymentOutcome({ successful: 1, total_apps: 3 })).toBe('partial');
    expect(deploymentOutcome({ successful: 3, total_apps: 3 })).toBe('deployed');
  });
});
