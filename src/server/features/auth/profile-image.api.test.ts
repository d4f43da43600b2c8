import { describe, expect, it } from 'vitest';
import { type ApiClient, addMember, signUpOwner, useTestApp } from '../../../../test/test-app.js';

const t = useTestApp();

// The smallest real images of each kind the upload takes (a 1×1 pixel; WebP's VP8L).
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const webp = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');
const jpeg = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9,
]);

function upload(
  client: ApiClient,
  bytes: Buffer,
  options: { field?: string; type?: string; name?: string } = {},
) {
  const boundary = '----hubprofile';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${options.field ?? 'image'}"; filename="${options.name ?? 'me.png'}"\r\nContent-Type: ${options.type ?? 'image/png'}\r\n\r\n`;
  return client.app.inject({
    method: 'POST',
    url: '/api/auth/user/profile-image',
    remoteAddress: client.ip,
    headers: {
      host: 'localhost',
      origin: 'http://localhost',
      cookie: client.cookie,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  });
}

describe('profile images', () => {
  it('stores an uploaded image and serves it back from this origin, typed by its bytes', async () => {
    const owner = await signUpOwner(t.app);
    for (const [bytes, type] of [
      [png, 'image/png'],
      [jpeg, 'image/jpeg'],
      [gif, 'image/gif'],
      [webp, 'image/webp'],
    ] as const) {
      // Named and labelled as something else: the bytes decide.
      const res = await upload(owner.client, bytes, { type: 'text/html', name: 'me.html' });
      expect(res.statusCode, res.body).toBe(200);
      const url = res.json().profileImageUrl as string;
      expect(url).toMatch(new RegExp(`^/api/users/${owner.userId}/profile-image\\?v=[0-9a-f]{16}$`));
      expect((await owner.client.get('/api/auth/user')).json().profileImageUrl).toBe(url);
      const image = await owner.client.get(url);
      expect(image.statusCode, image.body).toBe(200);
      expect(image.headers['content-type']).toBe(type);
      expect(image.headers['x-content-type-options']).toBe('nosniff');
      expect(image.rawPayload.equals(bytes)).toBe(true);
    }
  });

  it('refuses anything but PNG, JPEG, WebP and GIF, and files over 2 MB, naming the field', async () => {
    const owner = await signUpOwner(t.app);
    for (const bytes of [
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      Buffer.from('<!doctype html><script>alert(1)</script>'),
      Buffer.from('not an image at all'),
    ]) {
      const res = await upload(owner.client, bytes, { type: 'image/png' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        messageId: 'auth.profileImageType',
        issues: [{ path: 'image' }],
      });
    }
    const huge = Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]);
    const tooLarge = await upload(owner.client, huge);
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json()).toMatchObject({
      messageId: 'auth.profileImageTooLarge',
      issues: [{ path: 'image' }],
    });
    const wrongField = await upload(owner.client, png, { field: 'file' });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().issues[0].path).toBe('image');
    expect((await owner.client.get('/api/auth/user')).json().profileImageUrl).toBeNull();
  });

  it("accepts only the user's own stored image as profileImageUrl; another's is neither writable nor settable", async () => {
    const owner = await signUpOwner(t.app);
    const member = await addMember(t.app, owner, 'member');
    const stranger = await signUpOwner(t.app);
    const ownerImage = (await upload(owner.client, png)).json().profileImageUrl as string;

    // No address elsewhere, no script, and not someone else's picture.
    for (const profileImageUrl of [
      'https://tracker.example/pixel.png',
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
    ]) {
      const res = await member.client.patch('/api/auth/user', { profileImageUrl });
      expect(res.statusCode).toBe(400);
      expect(res.json().issues[0].path).toBe('profileImageUrl');
    }
    const borrowed = await member.client.patch('/api/auth/user', { profileImageUrl: ownerImage });
    expect(borrowed.statusCode).toBe(400);
    expect(borrowed.json()).toMatchObject({
      messageId: 'auth.profileImageNotYours',
      issues: [{ path: 'profileImageUrl' }],
    });

    // The member's upload is the member's: the owner's picture is unchanged.
    const memberImage = (await upload(member.client, gif)).json().profileImageUrl as string;
    expect(memberImage).not.toBe(ownerImage);
    expect((await owner.client.get(ownerImage)).rawPayload.equals(png)).toBe(true);
    // Members of a shared workspace see each other's picture; anyone else is told there is none.
    expect((await member.client.get(ownerImage)).statusCode).toBe(200);
    expect((await stranger.client.get(ownerImage)).statusCode).toBe(404);

    // The profile form sends its own URL back unchanged; '' removes the picture.
    const same = await owner.client.patch('/api/auth/user', {
      firstName: 'Olive',
      profileImageUrl: ownerImage,
    });
    expect(same.statusCode).toBe(200);
    expect(same.json().profileImageUrl).toBe(ownerImage);
    const cleared = await owner.client.patch('/api/auth/user', { profileImageUrl: '' });
    expect(cleared.json().profileImageUrl).toBeNull();
    expect((await owner.client.get(ownerImage)).statusCode).toBe(404);
    const removed = await member.client.delete('/api/auth/user/profile-image');
    expect(removed.json().profileImageUrl).toBeNull();
  });
});
