import {
  locationUpdateResultSchema,
  locationUpdateSchema,
  nearbyContactSchema,
  nearbyContactsQuerySchema,
} from '@domain/location/location-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listNearbyContacts, updateLocation } from './service.js';

export const locationRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['location'];

  app.post(
    '/api/location/update',
    { schema: { tags, body: locationUpdateSchema, response: { 200: locationUpdateResultSchema } } },
    (request) => app.inWorkspace(request, 'member', (tx, member) => updateLocation(tx, member, request.body)),
  );

  app.get(
    '/api/location/nearby-contacts',
    {
      schema: {
        tags,
        querystring: nearbyContactsQuerySchema,
        response: { 200: z.array(nearbyContactSchema) },
      },
    },
    (request) => app.inWorkspace(request, 'viewer', (tx) => listNearbyContacts(tx, request.query)),
  );
};
