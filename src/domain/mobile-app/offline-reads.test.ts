import { describe, expect, it } from 'vitest';
import { isOfflineRead, ownerOf } from './offline-reads';

describe('isOfflineRead', () => {
  it('keeps the reads of contacts and deals a user looks at', () => {
    for (const path of [
      '/api/contacts',
      '/api/contacts/12',
      '/api/deals',
      '/api/deals/board',
      '/api/deals/7',
    ]) {
      expect(isOfflineRead('GET', path), path).toBe(true);
    }
  });

  it('never keeps a write, nor any other read', () => {
    for (const method of ['POST', 'PATCH', 'PUT', 'DELETE']) {
      expect(isOfflineRead(method, '/api/contacts/12'), method).toBe(false);
    }
    for (const path of [
      '/api/auth/session',
      '/api/auth/user',
      '/api/api-keys',
      '/api/billing',
      '/api/payments',
      '/api/contacts/count',
      '/api/contacts/stats',
      '/api/contacts/export',
      '/api/contacts/12/notes',
      '/api/deals/stats',
      '/api/deals/stages',
      '/api/demo/contacts',
      '/api/contacts/12/',
      '/contacts',
    ]) {
      expect(isOfflineRead('GET', path), path).toBe(false);
    }
  });
});

describe('ownerOf', () => {
  const user = (id: number, workspaceId: number) =>
    ({ id, workspace: { id: workspaceId } }) as unknown as NonNullable<Parameters<typeof ownerOf>[0]['user']>;

  it('names the user in one workspace, and nobody when signed out', () => {
    expect(ownerOf({ user: user(3, 9) })).toBe('3:9');
    expect(ownerOf({ user: user(3, 10) })).not.toBe(ownerOf({ user: user(3, 9) }));
    expect(ownerOf({ user: null })).toBeNull();
  });
});
