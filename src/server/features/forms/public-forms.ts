import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '@domain/app-error';
import type { FormField, FormRefusalReason, FormSubmitInput, PublicForm } from '@domain/forms/form-schemas';
import { shownConsentText } from '@domain/forms/visitor-link-notice';
import { textDirection } from '@domain/locales';
import { serverMessage } from '@domain/messages';
import type { Tx } from '../../db/database.js';
import { createGroupCommit } from '../../db/group-commit.js';
import { type AppDeps, now } from '../../deps.js';
import { identifyVisitor, linkVisitorsOn } from '../analytics/index.js';
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

function sign(secret: string, key: string, issuedAt: number): string {
  return createHmac('sha256', secret).update(`form:${key}:${issuedAt}`).digest('base64url').slice(0, 22);
}

export function renderToken(secret: string, key: string, at: Date): string {
  return `${at.getTime()}.${sign(secret, key, at.getTime())}`;
}

/** Milliseconds since the token was issued for this form, or null when it is not one of ours. */
function tokenAge(secret: string, key: string, token: string, at: Date): number | null {
  const [issued, signature = ''] = token.split('.');
  const issuedAt = Number(issued);
  if (!/^\d{1,15}$/.test(issued) || !Number.isSafeInteger(issuedAt)) return null;
  const expected = Buffer.from(sign(secret, key, issuedAt));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return at.getTime() - issuedAt;
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
}

export interface SubmitOutcome {
  allowOrigin: string | null;
  /** The answer to send, or the error to answer with (after the CORS header, so the embed can read it). */
  result: { ok: true; redirectUrl: string | null } | AppError;
}

export interface PublicForms {
  /** The form as the visitor's browser reads it; counts a view. */
  read(key: string, caller: Caller): Promise<{ form: PublicForm; allowOrigin: string | null }>;
  submit(key: string, input: FormSubmitInput, caller: Caller): Promise<SubmitOutcome>;
  /** Counts a submission the rate limit refused (before any handler ran). */
  countRateLimited(key: string): Promise<void>;
  /** The name and language of the hosted page's form, or null. */
  hosted(key: string): Promise<Pick<PublicForm, 'key' | 'name' | 'locale'> | null>;
  flush(): Promise<void>;
}

const keyCacheMs = 60_000;
const keyCacheMax = 10_000;

export function createPublicForms(deps: AppDeps, onError: (error: unknown) => void): PublicForms {
  const { database } = deps;
  const secret = deps.config.secretKey;
  const keys = new Map<string, { ref: { workspaceId: number; formId: number } | null; expires: number }>();

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
    for (const item of items) {
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
      await database.withWorkspace(workspaceId, (tx) => store.addCounts(tx, [...rows.values()]));
    return items.map(() => undefined);
  }, onError);

  const count = (ref: { workspaceId: number; formId: number }, kind: CountKind) =>
    counts.submit({ ...ref, day: now(deps).toISOString().slice(0, 10), kind });

  return {
    async read(key, caller) {
      const ref = await requireRef(key);
      const { form, access } = await database.withWorkspace(
        ref.workspaceId,
        async (tx) => {
          const stored = await requireForm(tx, ref.formId);
          const access = await accessOf(tx, caller, false);
          return { form: asShown(stored, (await linkedSite(tx, stored, access)) !== null), access };
        },
        { readOnly: true },
      );
      await count(ref, 'views');
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
          texts: form.texts,
          redirectUrl: form.redirectUrl,
          token: renderToken(secret, form.key, now(deps)),
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
        const age = tokenAge(secret, form.key, input.token, at);
        if (age === null || age > tokenLifetimeMs)
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
        const { contactId } = await recordSubmission(tx, form, checked, {
          websiteId: access.websiteId,
          page: input.page ?? null,
          at,
        });
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

    async hosted(key) {
      const ref = await resolve(key);
      if (!ref) return null;
      const form = await database.withWorkspace(ref.workspaceId, (tx) => store.findFormRow(tx, ref.formId), {
        readOnly: true,
      });
      return form ? { key: form.key, name: form.name, locale: form.locale } : null;
    },

    flush: counts.flush,
  };
}
