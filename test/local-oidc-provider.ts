import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

export interface OidcIdentity {
  sub: string;
  email: string;
  email_verified: boolean;
  given_name: string;
  family_name: string;
}

/**
 * A small OpenID Connect provider on loopback for tests: discovery, an authorize endpoint that
 * signs in `identity` at once, a token endpoint checking client secret and PKCE, and JWKS.
 */
export async function startLocalOidcProvider(options: { clientId: string; clientSecret: string }) {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const codes = new Map<
    string,
    { nonce: string; challenge: string; redirectUri: string; identity: OidcIdentity }
  >();
  let identity: OidcIdentity = {
    sub: 'subject-1',
    email: 'sso.user@example.test',
    email_verified: true,
    given_name: 'Sso',
    family_name: 'User',
  };
  let issuer = '';

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/.well-known/openid-configuration') {
      return json(200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      });
    }
    if (url.pathname === '/jwks') return json(200, { keys: [jwk] });
    if (url.pathname === '/authorize') {
      const code = randomBytes(16).toString('hex');
      const redirectUri = url.searchParams.get('redirect_uri') ?? '';
      codes.set(code, {
        nonce: url.searchParams.get('nonce') ?? '',
        challenge: url.searchParams.get('code_challenge') ?? '',
        redirectUri,
        identity,
      });
      const target = new URL(redirectUri);
      target.searchParams.set('code', code);
      target.searchParams.set('state', url.searchParams.get('state') ?? '');
      target.searchParams.set('iss', issuer);
      res.writeHead(302, { location: target.toString() });
      return res.end();
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      let body = '';
      for await (const chunk of req) body += chunk;
      const form = new URLSearchParams(body);
      const basic = Buffer.from(
        (req.headers.authorization ?? '').replace(/^Basic /, ''),
        'base64',
      ).toString();
      const [id, secret] = basic
        ? basic.split(':').map(decodeURIComponent)
        : [form.get('client_id'), form.get('client_secret')];
      if (id !== options.clientId || secret !== options.clientSecret)
        return json(401, { error: 'invalid_client' });
      const grant = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      const verifier = form.get('code_verifier') ?? '';
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      if (!grant || grant.challenge !== challenge || grant.redirectUri !== form.get('redirect_uri')) {
        return json(400, { error: 'invalid_grant' });
      }
      const idToken = await new SignJWT({ ...grant.identity, nonce: grant.nonce })
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
        .setIssuer(issuer)
        .setAudience(options.clientId)
        .setSubject(grant.identity.sub)
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(privateKey);
      return json(200, {
        access_token: randomBytes(8).toString('hex'),
        token_type: 'Bearer',
        expires_in: 300,
        id_token: idToken,
      });
    }
    json(404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    setIdentity(next: OidcIdentity) {
      identity = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
