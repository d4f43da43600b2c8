import MailComposer from 'nodemailer/lib/mail-composer';
import { describe, expect, it } from 'vitest';
import { composeMail, type MarketingMail } from './compose-mail.js';

const date = new Date('2026-03-04T05:06:07Z');
const token = 'AbC-dEf_0123456789xyzABCDe';

const mail = (overrides: Partial<MarketingMail> = {}): MarketingMail => ({
  to: 'reader.1@bench.example',
  from: '"Hub Team" <noreply@hub.example>',
  subject: 'Hello Bench',
  text: 'Hello Bench Reader 1, read more at https://example.com/news\n\nUnsubscribe: http://localhost/api/m/u/x',
  html: `<div>Hello <a href="http://localhost/api/m/c/${token}?u=https%3A%2F%2Fexample.com&amp;s=abc">https://example.com</a></div><p><a href="http://localhost/api/m/u/${token}">Unsubscribe</a></p>`,
  messageId: `<${token}@m.hub.example>`,
  headers: {
    'List-Unsubscribe': `<http://localhost/api/m/u/${token}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  },
  returnPath: `bounces-${token}@capture.example`,
  ...overrides,
});

const sameBoundary = (source: string | Buffer) =>
  source.toString().replace(/--_NmP-[A-Za-z0-9_-]+?-Part_\d+/g, '<boundary>');

async function nodemailers(m: MarketingMail) {
  const { returnPath, ...fields } = m;
  const node = new MailComposer({ ...fields, date }).compile();
  return { source: sameBoundary(await node.build()), envelope: node.getEnvelope() };
}

describe('composeMail', () => {
  it.each([
    ['a plain message', {}, true],
    ['a long subject, folded', { subject: `Hello ${'word '.repeat(30)}end` }, true],
    ['a sender name that needs quotes', { from: '"Hub \\"Team\\", Inc." <noreply@hub.example>' }, true],
    ['a sender without a name', { from: 'noreply@hub.example' }, true],
    ['a sender written without quotes', { from: 'Hub Team <noreply@Hub.Example>' }, true],
    ['a recipient domain in capitals', { to: 'Reader@Bench.EXAMPLE' }, true],
    [
      'text with non-ASCII letters',
      { text: 'Grüße aus Köln, schöne Tage!\n\n= and =?x?= and trailing space \n.a dot' },
      true,
    ],
    [
      'text with long lines and dots at line starts',
      { text: `${'x'.repeat(200)}\n.\n..hidden\r\nend ` },
      true,
    ],
    ['html with long lines', { html: `<p>${'a'.repeat(500)}</p>` }, true],
    ['a subject beyond ASCII (the composer)', { subject: 'Grüße, {{firstName}}' }, false],
    ['a subject like an encoded word (the composer)', { subject: '=?utf-8?Q?x?=' }, false],
    ['a sender name beyond ASCII (the composer)', { from: '"Équipe" <noreply@hub.example>' }, false],
    ['an internationalised recipient (the composer)', { to: 'leser@bücher.example' }, false],
    ['mostly non-Latin text (the composer, base64)', { text: 'Привет, как дела? Всё хорошо.' }, false],
    ['a recipient list look-alike (the composer)', { to: 'a@b.example, c@d.example' }, false],
  ] satisfies [string, Partial<MarketingMail>, boolean][])(
    'writes %s as nodemailer does',
    async (_, overrides, isWrittenHere) => {
      const m = mail(overrides);
      const composed = await composeMail(m, date);
      const expected = await nodemailers(m);
      expect(sameBoundary(composed.source)).toBe(expected.source);
      expect(composed.envelope).toEqual({ from: m.returnPath, to: expected.envelope.to });
      // The composer's source is a Buffer, the one written here a string.
      expect(typeof composed.source === 'string').toBe(isWrittenHere);
    },
  );

  it('takes the envelope sender from the From header without a bounce address', async () => {
    const composed = await composeMail(mail({ returnPath: null, from: 'Hub <noreply@hub.example>' }), date);
    expect(composed.envelope).toEqual({ from: 'noreply@hub.example', to: ['reader.1@bench.example'] });
  });
});
