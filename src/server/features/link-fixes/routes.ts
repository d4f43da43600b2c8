import { websiteFilterQuerySchema } from '@domain/ids';
import { findingWindowDays, siteFindingsSchema } from '@domain/link-fixes/finding-schemas';
import {
  applyLinkFixesResultSchema,
  applyLinkFixesSchema,
  completeFixPackageSchema,
  linkFixReportSchema,
  linkHealthHistorySchema,
} from '@domain/link-fixes/link-fix-schemas';
import { normalizeDomain } from '@domain/websites/website-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { now } from '../../deps.js';
import { listFindings } from './findings.js';
import {
  applyLinkFixes,
  assertFilterWebsite,
  completeFixPackage,
  linkFixReport,
  linkHealthHistory,
} from './service.js';

const attachment = (name: string) => `attachment; filename="${name}"`;

/**
 * Link fixes (issue 13 §3): the deployment report, its files, the record of a deployment and the link
 * health history. Reading is for every member; deployments for admins. The public `-demo` twin reads the
 * demo workspace under /api/demo/.
 */
export const linkFixRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['link-fixes'];

  app.get(
    '/api/site-health/history',
    { schema: { tags, querystring: websiteFilterQuerySchema, response: { 200: linkHealthHistorySchema } } },
    (request) => app.inWorkspace(request, 'viewer', (tx) => linkHealthHistory(tx, request.query)),
  );

  app.get(
    '/api/site-health/findings',
    {
      schema: {
        tags,
        description:
          'Broken links, broken subresources and redirect chains of each website’s latest crawl, highest ' +
          'impact first: source pages and anchors, 30-day page views and form conversions, the campaigns and ' +
          'workflows linking to them, the contacts and open deals at stake, the proposed fix and the task.',
        querystring: websiteFilterQuerySchema,
        response: { 200: siteFindingsSchema },
      },
    },
    (request) =>
      app.inWorkspace(request, 'viewer', async (tx) => {
        const { websiteId } = request.query;
        await assertFilterWebsite(tx, request.query);
        return { windowDays: findingWindowDays, findings: await listFindings(tx, now(app.deps), websiteId) };
      }),
  );

  app.get(
    '/api/deployment/link-fixes',
    { schema: { tags, querystring: websiteFilterQuerySchema, response: { 200: linkFixReportSchema } } },
    (request) => app.inWorkspace(request, 'viewer', (tx) => linkFixReport(tx, request.query)),
  );

  app.post(
    '/api/deployment/apply-link-fixes',
    {
      config: { role: 'admin' },
      schema: { tags, body: applyLinkFixesSchema, response: { 200: applyLinkFixesResultSchema } },
    },
    (request) =>
      app.inWorkspace(request, 'admin', (tx, member) =>
        applyLinkFixes(tx, app.deps.queue, normalizeDomain(request.body.domain), member.userId),
      ),
  );

  app.get(
    '/api/deployment/complete-fix-package',
    { schema: { tags, response: { 200: completeFixPackageSchema } } },
    async (request, reply) => {
      const body = await app.inWorkspace(request, 'viewer', (tx) => completeFixPackage(tx));
      return reply.header('content-disposition', attachment('link-fix-package.json')).send(body);
    },
  );

  // The public read-only twin (/deployment-demo).
  app.get(
    '/api/demo/deployment/link-fixes',
    { schema: { tags, response: { 200: linkFixReportSchema } } },
    () => app.inDemoWorkspace((tx) => linkFixReport(tx)),
  );
  app.get(
    '/api/demo/deployment/complete-fix-package',
    { schema: { tags, response: { 200: completeFixPackageSchema } } },
    async (_request, reply) => {
      const body = await app.inDemoWorkspace((tx) => completeFixPackage(tx));
      return reply.header('content-disposition', attachment('link-fix-package.json')).send(body);
    },
  );
  app.get(
    '/api/demo/site-health/history',
    { schema: { tags, response: { 200: linkHealthHistorySchema } } },
    () => app.inDemoWorkspace((tx) => linkHealthHistory(tx)),
  );
};
