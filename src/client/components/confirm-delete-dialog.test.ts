import { ApiError } from '@client/lib/api';
import { describe, expect, it } from 'vitest';
import { runConfirmed } from './confirm-delete-dialog';

describe('ConfirmDeleteDialog confirm button', () => {
  it('runs the mutation, then closes and reports done', async () => {
    const steps: string[] = [];
    const outcome = await runConfirmed(
      async () => {
        steps.push('mutation');
      },
      { close: () => steps.push('close'), onDone: () => steps.push('done'), errorTitle: 'Delete Failed' },
    );
    expect(outcome).toBe('done');
    expect(steps).toEqual(['mutation', 'close', 'done']);
  });

  it('closes without onDone when the mutation fails, and does not throw', async () => {
    const steps: string[] = [];
    const outcome = await runConfirmed(
      async () => {
        throw await ApiError.read(403, JSON.stringify({ code: 'forbidden', message: 'Admins only.' }));
      },
      { close: () => steps.push('close'), onDone: () => steps.push('done'), errorTitle: 'Delete Failed' },
    );
    expect(outcome).toBe('failed');
    expect(steps).toEqual(['close']);
  });
});
