import { describe, expect, it } from 'vitest';
import { ApiClient, addMember, signUpOwner, useTestApp } from '../../../../test/test-app.js';

const t = useTestApp();

const site = { name: 'Speaker Site', domain: 'https://Speaker.Example.com/about', description: 'Coaching' };

describe('websites', () => {
  it('adds, lists, renames and removes a website numbered within the workspace', async () => {
    const owner = await signUpOwner(t.app);
    const created = await owner.client.post('/api/websites', site);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ id: 1, name: 'Speaker Site', domain: 'speaker.example.com' });
    const second = await owner.client.post('/api/websites', {
      name: 'Housing',
      domain: 'housing.example.org',
    });
    expect(second.json()).toMatchObject({ id: 2, description: '' });

    const list = await owner.client.get('/api/websites');
    expect(list.json().map((w: { name: string }) => w.name)).toEqual(['Speaker Site', 'Housing']);

    const renamed = await owner.client.patch('/api/websites/1', { name: 'Keynote Site' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id: 1, name: 'Keynote Site', description: 'Coaching' });

    expect((await owner.client.delete('/api/websites/2')).statusCode).toBe(204);
    expect((await owner.client.get('/api/websites')).json()).toHaveLength(1);

    const activities = (await owner.client.get('/api/activities')).json();
    expect(activities.map((a: { type: string }) => a.type)).toEqual(
      expect.arrayContaining(['website_added', 'website_removed']),
    );
  });

  it('names the field on bad input and writes nothing', async () => {
    const owner = await signUpOwner(t.app);
    const badDomain = await owner.client.post('/api/websites', { name: 'X', domain: 'not a domain' });
    expect(badDomain.statusCode).toBe(400);
    expect(badDomain.json().issues[0].path).toBe('domain');
    const noName = await owner.client.post('/api/websites', { name: '  ', domain: 'ok.example.com' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().issues[0].path).toBe('name');
    expect((await owner.client.get('/api/websites')).json()).toEqual([]);
  });

  it('refuses the same domain twice in a workspace', async () => {
    const owner = await signUpOwner(t.app);
    await owner.client.post('/api/websites', site);
    const duplicate = await owner.client.post('/api/websites', {
      name: 'Again',
      domain: 'speaker.example.com',
    });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().issues[0].path).toBe('domain');
    expect((await owner.client.get('/api/websites')).json()).toHaveLength(1);
  });

  it("answers 404 for another workspace's website and leaves it alone", async () => {
    const owner = await signUpOwner(t.app);
    const other = await signUpOwner(t.app);
    await owner.client.post('/api/websites', site);
    expect((await other.client.get('/api/websites')).json()).toEqual([]);
    expect((await other.client.patch('/api/websites/1', { name: 'Stolen' })).statusCode).toBe(404);
    expect((await other.client.delete('/api/websites/1')).statusCode).toBe(404);
    expect((await owner.client.get('/api/websites')).json()[0].name).toBe('Speaker Site');
  });

  it('lets viewers and members read but only admins change websites', async () => {
    const owner = await signUpOwner(t.app);
    await owner.client.post('/api/websites', site);
    const viewer = await addMember(t.app, owner, 'viewer');
    const member = await addMember(t.app, owner, 'member');
    expect((await viewer.client.get('/api/websites')).json()).toHaveLength(1);
    expect(
      (await viewer.client.post('/api/websites', { name: 'V', domain: 'v.example.com' })).statusCode,
    ).toBe(403);
    expect((await member.client.patch('/api/websites/1', { name: 'M' })).statusCode).toBe(403);
    expect((await member.client.delete('/api/websites/1')).statusCode).toBe(403);
    expect((await owner.client.get('/api/websites')).json()[0].name).toBe('Speaker Site');
  });

  it('asks a visitor to sign in', async () => {
    expect((await new ApiClient(t.app).get('/api/websites')).statusCode).toBe(401);
  });
});
