import { serverMessage, storedMessage, timelineTitle } from '@domain/messages';
import { describe, expect, it } from 'vitest';
import { i18n, loadAllMessages } from './i18n';
import { messageRefText, storedMessageText, timelineText } from './stored-message';

async function use(locale: 'en' | 'es' | 'de') {
  await loadAllMessages(locale);
  i18n.activate(locale);
}

/** A contact timeline entry as the server stores and returns it. */
const entry = (line: Parameters<typeof timelineTitle>[0], metadata: Record<string, unknown> = {}) =>
  timelineTitle(line, metadata);

describe('stored lines in the reader language', () => {
  it('read in English exactly as the server wrote them', async () => {
    await use('en');
    const moved = entry(serverMessage('timeline.contactStatusChanged', { from: 'lead', to: 'customer' }));
    expect(moved.title).toBe('Status changed from Lead to Customer');
    expect(timelineText(moved)).toBe(moved.title);
    const updated = entry(serverMessage('timeline.fieldsUpdated', { fields: 'first name, ZIP' }));
    expect(timelineText(updated)).toBe('Updated first name, ZIP');
  });

  it('translate the message, its select branches and each listed field label', async () => {
    await use('es');
    expect(
      timelineText(entry(serverMessage('timeline.contactStatusChanged', { from: 'lead', to: 'customer' }))),
    ).toBe('Estado cambiado de Lead a Cliente');
    expect(timelineText(entry(serverMessage('timeline.fieldsUpdated', { fields: 'first name, city' })))).toBe(
      'Actualizado: nombre, ciudad',
    );
    await use('de');
    expect(
      timelineText(entry(serverMessage('timeline.call', { direction: 'incoming', duration: '2m 5s' }))),
    ).toBe('Eingehender Anruf (2m 5s)');
  });

  it('keep what someone wrote, and a line older than its message id, as written', async () => {
    await use('es');
    expect(timelineText(entry('Called about the renewal', { via: 'manual' }))).toBe(
      'Called about the renewal',
    );
    expect(storedMessageText(null, null, 'New contact added: Ana')).toBe('New contact added: Ana');
    expect(storedMessageText('no.such.message', {}, 'as written')).toBe('as written');
  });

  it('translate a message nested in a value, at every depth, and keep the English when one is unknown', async () => {
    const line = storedMessage('activity.integrationFailed', {
      app: 'Shop',
      reason: storedMessage('operations.appDidNotAnswer', {
        reason: serverMessage('operations.probeFailed'),
      }),
    });
    await use('en');
    expect(storedMessageText(line.id, line.values, 'unused')).toBe(line.text);
    await use('de');
    expect(storedMessageText(line.id, line.values, line.text)).toBe(
      'Integration von Shop fehlgeschlagen: Die App hat nicht geantwortet: Die Prüfung ist fehlgeschlagen.',
    );
    expect(messageRefText({ id: 'outbound.status', values: { status: 502 } }, 'HTTP 502')).toBe('HTTP 502');
    const newer = { app: 'Shop', reason: { id: 'operations.fromANewerServer', values: {} } };
    expect(storedMessageText('activity.integrationFailed', newer, line.text)).toBe(line.text);
    expect(messageRefText(null, 'as written')).toBe('as written');
  });
});
