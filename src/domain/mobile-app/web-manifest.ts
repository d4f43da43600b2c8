import { z } from 'zod';
import { type Locale, textDirection } from '../locales.js';

/** The name a signed-out visitor installs the app under; signed in, it is the workspace's. */
export const productName = 'Business Hub';

/** The favicon's blue (src/client/public/favicon.svg): the title bar of the installed app and its icons. */
export const themeColor = '#1d4ed8';
/** The app's page background (`--background` in styles.css): the splash screen while the app starts. */
export const backgroundColor = '#f9fafb';

/** Drawn from the favicon by scripts/render-icons.ts into src/client/public/icons/. */
export const manifestIcons = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
] as const;

export const webManifestSchema = z.object({
  id: z.string(),
  name: z.string(),
  short_name: z.string(),
  lang: z.string(),
  dir: z.enum(['ltr', 'rtl']),
  start_url: z.string(),
  scope: z.string(),
  display: z.literal('standalone'),
  background_color: z.string(),
  theme_color: z.string(),
  icons: z.array(
    z.object({
      src: z.string(),
      sizes: z.string(),
      type: z.literal('image/png'),
      purpose: z.enum(['any', 'maskable']),
    }),
  ),
});
export type WebManifest = z.infer<typeof webManifestSchema>;

/**
 * The web app manifest (GET /manifest.webmanifest). Only the name and language change with who asks: the id,
 * start and scope stay the same, so the browser sees one app whoever installed it and whatever it is called.
 */
export function webManifest({ name, locale }: { name: string; locale: Locale }): WebManifest {
  return {
    id: '/',
    name,
    short_name: name,
    lang: locale,
    dir: textDirection(locale),
    start_url: '/dashboard',
    scope: '/',
    display: 'standalone',
    background_color: backgroundColor,
    theme_color: themeColor,
    icons: manifestIcons.map((icon) => ({ ...icon })),
  };
}
