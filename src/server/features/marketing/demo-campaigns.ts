import { type AbTestInput, abTestInputSchema, type CampaignType } from '@domain/marketing/campaign-schemas';
import type { Tx } from '../../db/database.js';
import { judgeAbTest } from './ab-judge.js';
import * as store from './store.js';

const dayMs = 86_400_000;

interface DemoCampaign {
  name: string;
  type: CampaignType;
  status: 'draft' | 'paused' | 'sent';
  subject: string;
  body: string;
  daysAgo: number;
  /** Of every ten recipients, how many opened, clicked, became customers after a click. */
  rates?: { opens: number; clicks: number; conversions: number };
  /** Recipients this far into the audience before the campaign was paused. */
  sentShare?: number;
  abTest?: AbTestInput & { testPercent: number; waitHours: number; opens: [number, number] };
}

export const demoCampaigns: DemoCampaign[] = [
  {
    name: 'Spring Newsletter',
    type: 'newsletter',
    status: 'sent',
    subject: 'What is new this spring, {{firstName}}',
    body: 'Hello {{firstName}},\n\nOur spring programme is out: https://keynotecoaching.example/spring',
    daysAgo: 21,
    rates: { opens: 6, clicks: 3, conversions: 1 },
  },
  {
    name: 'Homebuyer Webinar Invitation',
    type: 'announcement',
    status: 'sent',
    subject: 'Join our free homebuyer webinar',
    body: 'Hi {{firstName}},\n\nSave your seat: https://housingadvocate.example/webinar',
    daysAgo: 9,
    abTest: {
      variants: [
        { subject: 'Join our free homebuyer webinar', body: 'Hi {{firstName}},\n\nSave your seat.' },
        {
          subject: '{{firstName}}, your seat at the homebuyer webinar',
          body: 'Hi {{firstName}},\n\nSave your seat.',
        },
      ],
      testPercent: 40,
      waitHours: 4,
      metric: 'open',
      opens: [3, 7],
    },
    rates: { opens: 6, clicks: 2, conversions: 0 },
  },
  {
    name: 'Summer Promotion',
    type: 'promotion',
    status: 'paused',
    subject: '20% off matching for the summer',
    body: 'Hello {{firstName}},\n\nFind your home for less: https://homematch.example/summer',
    daysAgo: 2,
    rates: { opens: 4, clicks: 1, conversions: 0 },
    sentShare: 0.5,
  },
  {
    name: 'Product Launch Announcement',
    type: 'announcement',
    status: 'draft',
    subject: 'Meet HomeMatch AI',
    body: 'Hello {{firstName}},\n\nWe are launching something new.',
    daysAgo: 0,
  },
];

/**
 * The demo workspace's campaigns (the public /marketing-demo shows them): sent, paused, a decided A/B
 * test and a draft, their messages to the demo contacts already 'sent' with opens and clicks (nothing
 * left queued, so no demo start ever mails anyone). Seeds only a workspace without campaigns.
 */
export async function seedDemoCampaigns(tx: Tx, now = new Date()): Promise<void> {
  if ((await store.listCampaignRows(tx)).length > 0) return;
  for (const demo of demoCampaigns) {
    const id = await store.insertCampaignRow(tx, {
      name: demo.name,
      type: demo.type,
      subject: demo.subject,
      preheader: '',
      body: demo.body,
      fromName: 'Demo Business',
      audience: {},
      scheduledAt: null,
    });
    const { opens, ...input } = demo.abTest ?? {};
    const settings = demo.abTest ? abTestInputSchema.parse(input) : null;
    if (settings) await store.setAbTest(tx, id, settings);
    if (demo.status === 'draft' || !demo.rates) continue;
    const sentAt = new Date(now.getTime() - demo.daysAgo * dayMs);
    const sent = await store.insertDemoMessages(tx, {
      campaignId: id,
      sentAt,
      share: demo.sentShare ?? 1,
      rates: demo.rates,
      abTest: demo.abTest && {
        testPercent: demo.abTest.testPercent,
        opens: demo.abTest.opens,
        variants: demo.abTest.variants,
      },
    });
    await store.updateCampaignRow(tx, id, { status: 'sending', toSend: sent });
    await store.updateCampaignRow(tx, id, { status: demo.status });
    if (settings) {
      // Decided when the last test message's window closed (the demo's messages go out a minute apart).
      const at = new Date(sentAt.getTime() + store.attributionWindowMs(settings) + sent * 60_000);
      const { look, stopReason } = await judgeAbTest(tx, id, settings, at, null);
      await store.setAbDecidesAt(tx, id, at);
      await store.recordAbDecision(tx, id, {
        winner: look.leader,
        confidence: look.confidence,
        stopReason: stopReason ?? 'max_sample',
        at,
      });
    }
  }
}
