import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '@domain/app-error';
import type { FormField, FormRefusalReason, FormSubmitInput, PublicForm } from '@domain/forms/form-schemas';
import type { LandingVariant } from '@domain/forms/landing-ab-test';
import { shownConsentText } from '@domain/forms/visitor-link-notice';
import { textDirection } from '@domain/locales';
import { serverMessage } from '@domain/messages';
import { holdWritesUntilCommit, type Tx } from '../../db/database.js';
import { createGroupCommit } from '../../db/group-commit.js';
import { type AppDeps, now } from '../../deps.js';
import { createSaltOfDay, identifyVisitor, linkVisitorsOn, visitorHash } from '../analytics/index.js';
import { judgeLandingTest, servedToAll } from './landing-ab-test.js';
import { checkAnswers, recordSubmission, websiteOfHost } from './service.js';
import * as store from './store.js';

/*
 * The visitor's side of lead forms: reading a form (a view), sending it (a submission or a refusal), each
 * through the form's public key. The spam rules: a honeypot input, a floor on the time between the form's
 * rendering and its submission (a signed render token), and a per-address rate limit (the route's); a
 * refused submission is counted by its reason and stores nothing else.
 */

/** A person reads a form for longer than this before sending it; a script does not. */
export const timeToSubmitFloorMs = 3_000;
/** A render token older than this is refused: the page was left open for a day. */
const tokenLifetimeMs = 24 * 3_600_000;

const autocomplete: Partial<Record<FormField['target'], string>> = {
  email: 'email',
  phone: 'tel',
  firstName: 'given-name',
  lastName: 'family-name',
  company: 'organization',
  address: 'street-address',
  city: 'address-level2',
  state: 'address-level1',
  zip: 'postal-code',
};

/** The hosted page's A/B test and the variant the visitor was shown. */
export interface ShownVariant {
  testId: number;
  variant: number;
}

const abPart = (ab: ShownVariant | null) => (ab ? `${ab.testId}-${ab.variant}` : '');

function sign(secret: string, key: string, issuedAt: number, ab: ShownVariant | null): string {
  const variant = ab ? `:${abPart(ab)}` : '';
  return createHmac('sha256', secret)
    .update(`form:${key}:${issuedAt}${variant}`)
    .digest('base64url')
    .slice(0, 22);
}

/** `issued.signature`, then `.test-variant` when the visitor was shown an A/B variant (signed with the rest). */
export function renderToken(secret: string, key: string, at: Date, ab: ShownVariant | null = null): string {
  const token = `${at.getTime()}.${sign(secret, key, at.getTime(), ab)}`;
  return ab ? `${token}.${abPart(ab)}` : token;
}

/** Milliseconds since the token was issued for this form and the variant it names, or null when it is not ours. */
function readToken(
  secret: string,
  key: string,
  token: string,
  at: Date,
): { age: number; ab: ShownVariant | null } | null {
  const [issued, signature = '', variant] = token.split('.');
  const issuedAt = Number(issued);
  if (!/^\d{1,15}$/.test(issued) || !Number.isSafeInteger(issuedAt)) return null;
  let ab: ShownVariant | null = null;
  if (variant !== undefined) {
    const match = /^(\d{1,15})-([0-4])$/.exec(variant);
    if (!match) return null;
    ab = { testId: Number(match[1]), variant: Number(match[2]) };
  }
  const expected = Buffer.from(sign(secret, key, issuedAt, ab));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { age: at.getTime() - issuedAt, ab };
}

/**
 * The hosted page's A/B variant of a visitor for this test today. A visitor is the tracker's: the day's
 * salted hash of site, address and browser (no cookie), so they see one variant all day and are drawn
 * afresh the next; a hash of the test and that visitor spreads visitors evenly over the variants.
 */
export function variantOfVisitor(
  salt: Buffer,
  workspaceId: number,
  form: Pick<store.FormRow, 'websiteId'>,
  test: Pick<store.AbTestRow, 'id' | 'variants'>,
  ip: string,
  userAgent: string,
): number {
  const visitor = visitorHash(
    salt,
    { workspaceId, websiteId: form.websiteId ?? 0, domain: '' },
    ip,
    userAgent,
  );
  const draw = createHash('sha256').update(`landing-ab:${test.id}:${visitor}`).digest().readUInt32BE(0);
  return draw % test.variants.length;
}

export interface Caller {
  /** The request's Origin header. */
  origin: string | undefined;
  /** The visitor's address and browser (the embed posts from the visitor's browser): their daily hash. */
  ip: string;
  userAgent: string;
  /** The origins of this server's own pages (PUBLIC_URL's and the one the request came to). */
  ownOrigins: string[];
}

interface Access {
  /** The origin to answer in Access-Control-Allow-Origin: a workspace website's; null on our own pages. */
  allowOrigin: string | null;
  /** The workspace website the call came from, null on our own pages. */
  websiteId: number | null;
}

/**
 * Who may read and send the form: our own pages (the hosted page) and the workspace's websites, by the
 * Origin header. A read without Origin is a same-origin one (browsers send none on a same-origin GET); a
 * submission must name its origin.
 */
async function accessOf(tx: Tx, caller: Caller, originRequired: boolean): Promise<Access> {
  const refused = () => new AppError('forbidden', serverMessage('forms.originRefused'));
  if (caller.origin === undefined) {
    if (originRequired) throw refused();
    return { allowOrigin: null, websiteId: null };
  }
  let url: URL;
  try {
    url = new URL(caller.origin);
  } catch {
    throw refused();
  }
  if (caller.ownOrigins.includes(url.origin)) return { allowOrigin: null, websiteId: null };
  const site = await websiteOfHost(tx, url.hostname.toLowerCase());
  if (!site) throw refused();
  return { allowOrigin: url.origin, websiteId: site.id };
}

/**
 * The website whose visitor a submission identifies (the page's, else the form's), when the workspace
 * links visitors to contacts and the form has a consent box to say so; else null.
 */
async function linkedSite(tx: Tx, form: store.FormRow, access: Access): Promise<number | null> {
  const websiteId = access.websiteId ?? form.websiteId;
  if (websiteId === null || !form.consent) return null;
  return (await linkVisitorsOn(tx)) ? websiteId : null;
}

/** The form with its consent text as the visitor reads it (what each submission stores). */
function asShown(form: store.FormRow, linksVisitors: boolean): store.FormRow {
  if (!form.consent) return form;
  return {
    ...form,
    consent: { ...form.consent, text: shownConsentText(form.consent.text, form.locale, linksVisitors) },
  };
}

type CountKind = 'views' | FormRefusalReason;
interface CountItem {
  workspaceId: number;
  formId: number;
  day: string;
  kind: CountKind;
  /** A view of an A/B variant of the hosted page. */
  ab: ShownVariant | null;
}

export interface SubmitOutcome {
  allowOrigin: string | null;
  /** The answer to send, or the error to answer with (after the CORS header, so the embed can read it). */
  result: { ok: true; redirectUrl: string | null } | AppError;
}

export type HostedForm = Pick<PublicForm, 'key' | 'name' | 'locale'> & { variant: LandingVariant | null };

export interface PublicForms {
  /** The form as the visitor's browser reads it; counts a view. */
  read(key: string, caller: Caller): Promise<{ form: PublicForm; allowOrigin: string | null }>;
  submit(key: string, input: FormSubmitInput, caller: Caller): Promise<SubmitOutcome>;
  /** Counts a submission the rate limit refused (before any handler ran). */
  countRateLimited(key: string): Promise<void>;
  /** The hosted page's form: its name and language, and the A/B variant the visitor sees (if any); or null. */
  hosted(key: string, caller: Caller): Promise<HostedForm | null>;
  flush(): Promise<void>;
}

const keyCacheMs = 60_000;
const keyCacheMax = 10_000;

export function createPublicForms(deps: AppDeps, onError: (error: unknown) => void): PublicForms {
  const { database } = deps;
  const secret = deps.config.secretKey;
  const keys = new Map<string, { ref: { workspaceId: number; formId: number } | null; expires: number }>();
  const saltOf = createSaltOfDay(database);

  /**
   * What the visitor sees of the hosted page's test: the winner once it stopped (not counted), else the
   * variant of their daily hash (counted with their view and signed into their render token).
   */
  async function landingVariant(
    workspaceId: number,
    form: store.FormRow,
    test: store.AbTestRow,
    caller: Caller,
    at: Date,
  ): Promise<{ variant: LandingVariant; ab: ShownVariant | null }> {
    const winner = servedToAll(test);
    if (winner) return { variant: winner, ab: null };
    const salt = await saltOf(at.toISOString().slice(0, 10));
    const index = variantOfVisitor(salt, workspaceId, form, test, caller.ip, caller.userAgent);
    return { variant: test.variants[index], ab: { testId: test.id, variant: index } };
  }

  /** The key's workspace and form; looked up once a minute at most, since refusals come in floods. */
  async function resolve(key: string) {
    const cached = keys.get(key);
    if (cached && cached.expires > Date.now()) return cached.ref;
    const ref = /^[0-9a-f]{24}$/.test(key) ? await store.lookupFormKey(database.db, key) : null;
    if (keys.size >= keyCacheMax) keys.clear();
    keys.set(key, { ref, expires: Date.now() + keyCacheMs });
    return ref;
  }

  async function requireRef(key: string) {
    const ref = await resolve(key);
    if (!ref) throw new AppError('not_found', serverMessage('forms.notFound'));
    return ref;
  }

  async function requireForm(tx: Tx, formId: number) {
    const form = await store.findFormRow(tx, formId);
    if (!form) throw new AppError('not_found', serverMessage('forms.notFound'));
    return form;
  }

  // Views and refusals arriving together share one write (group commit); each caller answers once its
  // count is committed, so a figure read after an answer includes it.
  const counts = createGroupCommit<CountItem, undefined>(async (items) => {
    const byWorkspace = new Map<number, Map<string, store.CountRow>>();
    const abViews = new Map<
      number,
      Map<string, { formId: number; testId: number; variant: number; views: number }>
    >();
    for (const item of items) {
      if (item.ab) {
        const views = abViews.get(item.workspaceId) ?? new Map();
        abViews.set(item.workspaceId, views);
        const id = `${item.ab.testId}:${item.ab.variant}`;
        const row = views.get(id) ?? { formId: item.formId, ...item.ab, views: 0 };
        row.views += 1;
        views.set(id, row);
      }
      const rows = byWorkspace.get(item.workspaceId) ?? new Map<string, store.CountRow>();
      byWorkspace.set(item.workspaceId, rows);
      const id = `${item.formId}:${item.day}`;
      const row = rows.get(id) ?? {
        formId: item.formId,
        day: item.day,
        views: 0,
        honeypot: 0,
        tooFast: 0,
        rateLimited: 0,
        invalid: 0,
      };
      row[item.kind] += 1;
      rows.set(id, row);
    }
    for (const [workspaceId, rows] of byWorkspace)
      await database.withWorkspace(workspaceId, async (tx) => {
        await store.addCounts(tx, [...rows.values()]);
        const views = [...(abViews.get(workspaceId)?.values() ?? [])];
        if (views.length === 0) return;
        await store.addAbViews(tx, views);
        // A view can end a test at its maximum sample (and moves the confidence): each view is a look.
        for (const formId of new Set(views.map((v) => v.formId)))
          await judgeLandingTest(tx, formId, now(deps));
      });
    return items.map(() => undefined);
  }, onError);

  const count = (
    ref: { workspaceId: number; formId: number },
    kind: CountKind,
    ab: ShownVariant | null = null,
  ) => counts.submit({ ...ref, day: now(deps).toISOString().slice(0, 10), kind, ab });

  return {
    async read(key, caller) {
      const ref = await requireRef(key);
      const at = now(deps);
      const { form, access, test } = await database.withWorkspace(
        ref.workspaceId,
        async (tx) => {
          const stored = await requireForm(tx, ref.formId);
          const access = await accessOf(tx, caller, false);
          // The A/B test is of the hosted page (a read from our own origin): a website's embed shows the form as built.
          const test = access.websiteId === null ? await store.findAbTest(tx, ref.formId) : null;
          return { form: asShown(stored, (await linkedSite(tx, stored, access)) !== null), access, test };
        },
        { readOnly: true },
      );
      const shown = test ? await landingVariant(ref.workspaceId, form, test, caller, at) : null;
      await count(ref, 'views', shown?.ab ?? null);
      return {
        allowOrigin: access.allowOrigin,
        form: {
          key: form.key,
          name: form.name,
          locale: form.locale,
          dir: textDirection(form.locale),
          fields: form.fields.map((f) => ({
            key: f.key,
            label: f.label,
            type: f.type,
            required: f.required,
            ...(f.options ? { options: f.options } : {}),
            ...(autocomplete[f.target] ? { autocomplete: autocomplete[f.target] } : {}),
          })),
          consent: form.consent ?? null,
          texts: shown ? { ...form.texts, submit: shown.variant.submitLabel } : form.texts,
          redirectUrl: form.redirectUrl,
          token: renderToken(secret, form.key, at, shown?.ab ?? null),
        },
      };
    },

    async submit(key, input, caller) {
      const ref = await requireRef(key);
      const at = now(deps);
      const outcome = await database.withWorkspace(ref.workspaceId, async (tx) => {
        const stored = await requireForm(tx, ref.formId);
        const access = await accessOf(tx, caller, true);
        const site = await linkedSite(tx, stored, access);
        const form = asShown(stored, site !== null);
        const accepted = { ok: true as const, redirectUrl: form.redirectUrl };
        // A bot is told it worked, so it learns nothing from the answer.
        if (input.hp) return { access, refusal: 'honeypot' as const, result: accepted };
        const token = readToken(secret, form.key, input.token, at);
        const age = token?.age ?? null;
        if (token === null || age === null || age > tokenLifetimeMs)
          return {
            access,
            refusal: 'invalid' as const,
            result: AppError.badRequest('token', serverMessage('forms.tokenInvalid')),
          };
        if (age < timeToSubmitFloorMs)
          return {
            access,
            refusal: 'tooFast' as const,
            result: AppError.badRequest('token', serverMessage('forms.tooFast')),
          };
        let checked: ReturnType<typeof checkAnswers>;
        try {
          checked = checkAnswers(form, input);
        } catch (error) {
          if (error instanceof AppError && error.code === 'bad_request')
            return { access, refusal: 'invalid' as const, result: error };
          throw error;
        }
        // The variant counts for the test that showed it, while that test is still the form's.
        const test = token.ab ? await store.findAbTest(tx, form.id) : null;
        const ab =
          test && token.ab?.testId === test.id && token.ab.variant < test.variants.length ? token.ab : null;
        // Nothing below reads the timeline back: its lines (created, the form, workflows started) go in one write.
        holdWritesUntilCommit(tx);
        const { contactId } = await recordSubmission(tx, form, checked, {
          websiteId: access.websiteId,
          page: input.page ?? null,
          at,
          ab,
        });
        if (ab && test?.winner === null) await judgeLandingTest(tx, form.id, at);
        // The ticked box is the visitor's yes to the sentence that said so.
        if (site !== null && checked.consent?.given)
          await identifyVisitor(tx, {
            websiteId: site,
            ip: caller.ip,
            userAgent: caller.userAgent,
            at,
            contactId,
          });
        return { access, refusal: null, result: accepted };
      });
      if (outcome.refusal) await count(ref, outcome.refusal);
      return { allowOrigin: outcome.access.allowOrigin, result: outcome.result };
    },

    async countRateLimited(key) {
      const ref = await resolve(key);
      if (ref) await count(ref, 'rateLimited');
    },

    async hosted(key, caller) {
      const ref = await resolve(key);
      if (!ref) return null;
      const found = await database.withWorkspace(
        ref.workspaceId,
        async (tx) => {
          const form = await store.findFormRow(tx, ref.formId);
          return form ? { form, test: await store.findAbTest(tx, ref.formId) } : null;
        },
        { readOnly: true },
      );
      if (!found) return null;
      const { form, test } = found;
      const shown = test ? await landingVariant(ref.workspaceId, form, test, caller, now(deps)) : null;
      return { key: form.key, name: form.name, locale: form.locale, variant: shown?.variant ?? null };
    },

    flush: counts.flush,
  };
}
