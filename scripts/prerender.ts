import { execFile } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import type { Plugin, Rolldown } from 'vite';
import { notFoundPage, type PrerenderedPath, prerenderedFile } from '../src/domain/app-paths';
import { type Locale, textDirection } from '../src/domain/locales';
import { compressBeside } from './precompress';

/**
 * The module of each prerendered page's screen (under src/client): the Node build keeps only these screens,
 * and each page's HTML preloads its chunk, so it hydrates without waiting for the entry to ask for it. The
 * Page Not Found is in the entry already.
 */
const pageModules: Record<PrerenderedPath, string> = {
  '/': 'features/landing/landing-page.tsx',
  '/pricing': 'features/pricing/pricing-page.tsx',
  '/pricing-selector': 'features/pricing/pricing-selector-page.tsx',
  '/pricing/local-business': 'features/pricing/local-business-page.tsx',
  '/pricing/cards': 'features/pricing/card-pricing-page.tsx',
  '/pricing/reoss': 'features/pricing/reoss-page.tsx',
  '/success': 'features/checkout/success-page.tsx',
  '/scheduler': 'features/scheduler/scheduler-page.tsx',
  '/ai-demo': 'features/assistant/ai-demo-page.tsx',
  '/deployment-demo': 'features/link-fixes/deployment-page.tsx',
  '/marketing-demo': 'features/marketing/marketing-page.tsx',
  '/ecosystem-demo': 'features/ecosystem/ecosystem-page.tsx',
  '/superhub-demo': 'features/superhub/superhub-page.tsx',
  '/webhook-demo': 'features/webhooks/webhooks-page.tsx',
  '/phase3-demo': 'features/superhub/phase3-page.tsx',
};

/** The frame of every signed-in screen: the app's own page (index.html) preloads it. */
const appShellModule = 'features/dashboard/app-shell.tsx';

/**
 * Brotli's level for the pages: 176 pages at level 10 took ~6 s of CPU, at 5 about 1 s, for 10% more bytes
 * (README "Benchmarks").
 */
const pageBrotliQuality = 5;

/** What src/client/prerender.tsx's `renderAll` returns. */
interface PrerenderedMarkup {
  page: PrerenderedPath | typeof notFoundPage;
  locale: Locale;
  markup: string;
}

type Chunks = Map<string, Rolldown.OutputChunk>;

/** A chunk's file and every file it imports statically, as the server path of each. */
function withImports(chunks: Chunks, fileName: string, into = new Set<string>()): Set<string> {
  if (into.has(`/${fileName}`)) return into;
  into.add(`/${fileName}`);
  for (const imported of chunks.get(fileName)?.imports ?? []) withImports(chunks, imported, into);
  return into;
}

function chunkOf(chunks: Chunks, root: string, module: string): Rolldown.OutputChunk {
  const id = path.resolve(root, module);
  const chunk = [...chunks.values()].find((c) => c.facadeModuleId === id);
  if (!chunk) throw new Error(`prerender: no chunk of its own for ${module}`);
  return chunk;
}

const modulePreloads = (files: Iterable<string>, priority = '') =>
  [...files].map((href) => `<link rel="modulepreload" crossorigin href="${href}"${priority}>`).join('\n    ');

/**
 * A prerendered page paints without its scripts, which only make it interactive: they are fetched at low
 * priority, so nothing waits for them before the first paint (Lighthouse, which replays the load on a
 * simulated slow network, otherwise counts a script that happened to finish first on a fast one).
 */
const lowPriority = ' fetchpriority="low"';

/**
 * Issue 31: the public pages (`prerenderedPaths` and the Page Not Found) as finished HTML in every shipped
 * language, written to `prerendered/<locale>/<page>.html` (with .br and .gz) in the client build, which the
 * server sends to signed-out visitors (src/server/http/prerendered-pages.ts) and the client hydrates
 * (src/client/main.tsx). While the client builds, scripts/prerender-pages.mjs builds src/client/prerender.tsx
 * for Node with the same config and draws each page with React's static rendering; when the client is
 * written, each page becomes the client's index.html with the markup in #root, the page's chunk and (but on
 * the landing page, which shows only the first part) the rest of its catalog preloaded, and the stylesheet
 * inline: it is small enough (README "Benchmarks") that a second request before the first paint costs more
 * than its bytes. The app's own page, which signed-in screens render in, preloads the app shell's chunk.
 */
export function prerender(): Plugin {
  let configFile: string | undefined;
  let root = '';
  let outDir = '';
  let markupDir = '';
  let mode = '';
  let rendering: Promise<unknown> = Promise.resolve();
  let stopRendering = () => {};
  let started = 0;
  const chunks: Chunks = new Map();
  let appShellPreloads: string[] = [];
  return {
    name: 'prerender',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      configFile = config.configFile;
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
      // Beside the output, inside the project: the Node build's imports are found in its node_modules.
      markupDir = path.join(path.dirname(outDir), `.prerender-${path.basename(outDir)}`);
      mode = config.mode;
    },
    buildStart() {
      started = performance.now();
      const script = path.resolve(root, '../../scripts/prerender-pages.mjs');
      const args = [script, '--dir', markupDir, '--mode', mode, '--pages', Object.values(pageModules).join(',')];
      if (configFile) args.push('--config', configFile);
      const child = promisify(execFile)(process.execPath, args, { maxBuffer: 64 * 1024 * 1024 });
      stopRendering = () => child.child.kill();
      rendering = child;
      // Awaited in closeBundle; a failure is reported there.
      rendering.catch(() => {});
    },
    buildEnd(error) {
      // A client build that failed writes nothing to prerender for.
      if (error) stopRendering();
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        for (const output of Object.values(bundle)) if (output.type === 'chunk') chunks.set(output.fileName, output);
        const preloaded = new Set([...html.matchAll(/(?:src|href)="([^"]+\.js)"/g)].map((m) => m[1]));
        appShellPreloads = [...withImports(chunks, chunkOf(chunks, root, appShellModule).fileName)].filter(
          (file) => !preloaded.has(file),
        );
        return html.replace('</head>', `  ${modulePreloads(appShellPreloads)}\n  </head>`);
      },
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        try {
          await rendering.catch((error: { stderr?: string }) => {
            throw new Error(`prerender failed: ${error.stderr || error}`);
          });
          const pages: PrerenderedMarkup[] = JSON.parse(await readFile(path.join(markupDir, 'pages.json'), 'utf8'));
          const template = await pageTemplate();
          await Promise.all(pages.map((page) => writePage(page, template)));
          console.log(`prerendered ${pages.length} pages in ${Math.round(performance.now() - started)} ms`);
        } finally {
          await rm(markupDir, { recursive: true, force: true });
        }
      },
    },
  };

  /** index.html without the app shell's preloads, with the stylesheet inline. */
  async function pageTemplate(): Promise<string> {
    let html = await readFile(path.join(outDir, 'index.html'), 'utf8');
    for (const file of appShellPreloads) html = html.replace(new RegExp(`\\s*<link [^>]*href="${file}">`), '');
    html = html
      .replaceAll(/(<script type="module"[^>]*) src=/g, `$1${lowPriority} src=`)
      .replaceAll(/(<link rel="modulepreload"[^>]*)>/g, `$1${lowPriority}>`);
    for (const [tag, file] of html.matchAll(/<link rel="stylesheet"[^>]* href="\/([^"]+\.css)">/g)) {
      const css = await readFile(path.join(outDir, file ?? ''), 'utf8');
      if (css.includes('</style')) throw new Error(`prerender: ${file} cannot be inlined`);
      html = html.replace(tag, () => `<style>${css}</style>`);
    }
    return html;
  }

  async function writePage({ page, locale, markup }: PrerenderedMarkup, template: string): Promise<void> {
    const preloads = new Set<string>();
    if (page !== notFoundPage) withImports(chunks, chunkOf(chunks, root, pageModules[page]).fileName, preloads);
    if (page !== '/') withImports(chunks, chunkOf(chunks, root, `locales/${locale}.po?later`).fileName, preloads);
    for (const file of preloads) if (template.includes(`"${file}"`)) preloads.delete(file);
    const html = template
      .replace(/<html lang="[^"]*">/, `<html lang="${locale}" dir="${textDirection(locale)}">`)
      .replace('</head>', () => `  ${modulePreloads(preloads, lowPriority)}\n  </head>`)
      .replace('<div id="root"></div>', () => `<div id="root" data-locale="${locale}">${markup}</div>`);
    if (!html.includes(markup)) throw new Error('prerender: index.html has no empty <div id="root">');
    const file = path.join(outDir, prerenderedFile(page, locale));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, html);
    await compressBeside(file, pageBrotliQuality);
  }
}
