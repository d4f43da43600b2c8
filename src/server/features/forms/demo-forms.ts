import type { Tx } from '../../db/database.js';
import { recordSubmission } from './service.js';
import * as store from './store.js';

const day = 86_400_000;

/**
 * The demo workspace's lead form on its first website: two weeks of views and two answers from demo
 * contacts (found by email, so no contact is added), each with the consent text they ticked.
 */
export async function seedDemoForms(tx: Tx, context: { websiteId: number; now: Date }): Promise<void> {
  const form = await store.insertFormRow(tx, {
    name: 'Book a discovery call',
    locale: 'en',
    websiteId: context.websiteId,
    fields: [
      { key: 'name', label: 'Your name', type: 'text', required: false, target: 'firstName' },
      { key: 'email', label: 'Email', type: 'email', required: true, target: 'email' },
      {
        key: 'topic',
        label: 'Topic',
        type: 'select',
        required: false,
        target: 'none',
        options: ['Keynote', 'Coaching'],
      },
      { key: 'message', label: 'Message', type: 'textarea', required: false, target: 'none' },
    ],
    consent: { text: 'I agree to be contacted about my request.', required: true },
    texts: {
      submit: 'Send',
      thankYou: 'Thank you! We received your message and will be in touch soon.',
      required: 'This field is required',
      invalid: 'This answer is not valid',
      failed: 'Your answers could not be sent. Please try again in a moment.',
    },
    redirectUrl: null,
  });
  const dayOf = (daysAgo: number) =>
    new Date(context.now.getTime() - daysAgo * day).toISOString().slice(0, 10);
  await store.addCounts(
    tx,
    Array.from({ length: 14 }, (_, i) => ({
      formId: form.id,
      day: dayOf(i),
      views: 9 + ((i * 7) % 11),
      honeypot: i % 5 === 0 ? 1 : 0,
      tooFast: i % 4 === 0 ? 1 : 0,
      rateLimited: 0,
      invalid: i % 3 === 0 ? 1 : 0,
    })),
  );
  const answers = [
    {
      email: 'sarah.mitchell@brightpath.example',
      topic: 'Keynote',
      message: 'A keynote for our spring summit?',
      daysAgo: 6,
    },
    {
      email: 'dchen@northwind.example',
      topic: 'Coaching',
      message: 'Coaching for two team leads.',
      daysAgo: 2,
    },
  ];
  for (const a of answers) {
    await recordSubmission(
      tx,
      form,
      {
        answers: [
          { key: 'email', label: 'Email', value: a.email },
          { key: 'topic', label: 'Topic', value: a.topic },
          { key: 'message', label: 'Message', value: a.message },
        ],
        identity: { email: a.email },
        consent: { text: 'I agree to be contacted about my request.', given: true },
      },
      { websiteId: context.websiteId, page: null, at: new Date(context.now.getTime() - a.daysAgo * day) },
    );
  }
}
