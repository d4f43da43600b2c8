import { readdirSync } from 'node:fs';
import path from 'node:path';
import { isAppPath, isPrerenderedPath, notFoundPage, prerenderedFile } from '@domain/app-paths';
import { isLocale, type Locale, localeCookie, matchLocale, sourceLocale } from '@domain/locales';
import type { FastifyRequest } from 'fastify';
import { sessionCookie } from './session.js';

/** The language tags of an Accept-Language header, most preferred first ('*' and q=0 left out). */
export function acceptedLanguages(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter(({ tag, q }) => tag && tag !== '*' && q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map(({ tag }) => tag);
}

/**
 * The language a signed-out visitor's page is drawn in, by the client's rule (src/client/i18n/i18n.ts
 * `resolveLocale`): their choice on this browser (kept in a cookie for us), else the browser's languages
 * (sent as Accept-Language), else English.
 */
export function visitorLocale(request: FastifyRequest): Locale {
  const chosen = request.cookies[localeCookie];
  if (isLocale(chosen)) return chosen;
  return matchLocale(acceptedLanguages(request.headers['accept-language'])) ?? sourceLocale;
}

/**
 * The public pages the build wrote as HTML (scripts/prerender.ts), read once at start: `pageFor` names the
 * one to send, relative to the client folder, or null for the app's own page (index.html), which the client
 * renders. Only a request without a session gets one: a signed-in user's / is their home screen, and a
 * page drawn signed out would show them the wrong header.
 */
export function prerenderedPages(clientDir: string) {
  let files: Set<string>;
  try {
    files = new Set(
      readdirSync(path.join(clientDir, 'prerendered'), { recursive: true, encoding: 'utf8' }).map(
        (file) => `prerendered/${file.split(path.sep).join('/')}`,
      ),
    );
  } catch {
    files = new Set(); // A build from before prerendering: every page is the client's.
  }
  return {
    pageFor(request: FastifyRequest, pathname: string): string | null {
      if (request.cookies[sessionCookie]) return null;
      const page = isPrerenderedPath(pathname) ? pathname : isAppPath(pathname) ? null : notFoundPage;
      if (!page) return null;
      const file = prerenderedFile(page, visitorLocale(request));
      return files.has(file) ? file : null;
    },
  };
}
