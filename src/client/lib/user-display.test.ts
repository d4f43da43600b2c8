import { describe, expect, it } from 'vitest';
import { sidebarRoleLabel, userDisplayName, userInitials } from './user-display';

describe('sidebar footer identity (spec 000 §2.3)', () => {
  it('shows the full name, else the email, else Administrator User', () => {
    expect(userDisplayName({ firstName: 'Grace', lastName: 'Hopper', email: 'g@x.test' })).toBe(
      'Grace Hopper',
    );
    expect(userDisplayName({ firstName: '', lastName: '', email: 'g@x.test' })).toBe('g@x.test');
    expect(userDisplayName(null)).toBe('Administrator User');
  });

  it('builds initials from the name, else the email', () => {
    expect(userInitials({ firstName: 'grace', lastName: 'hopper', email: 'g@x.test' })).toBe('GH');
    expect(userInitials({ firstName: '', lastName: '', email: 'zed@x.test' })).toBe('Z');
  });
});

describe('sidebar footer role label', () => {
  it("labels owners and admins 'Administrator' and everyone else by their real role", () => {
    expect(sidebarRoleLabel('owner').message).toBe('Administrator');
    expect(sidebarRoleLabel('admin').message).toBe('Administrator');
    expect(sidebarRoleLabel('member').message).toBe('Member');
    expect(sidebarRoleLabel('viewer').message).toBe('Viewer');
  });
});
