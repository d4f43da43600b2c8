import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { nearbyRadiusMiles } from '../../../domain/location/geofence.js';
import { nearbyContacts, updateLocation } from './service.js';

const latitude = z.number().min(-90).max(90);
const longitude = z.number().min(-180).max(180);

const nearbyContactSchema = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  company: z.string().nullable(),
  contact_type: z.string().nullable(),
  last_known_location: z.string().nullable(),
  distance_miles: z.number(),
  // Beyond the spec's fields: where the contact is, for the card's map.
  latitude,
  longitude,
});

export const locationRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['location'];

  app.post(
    '/api/location/update',
    {
      schema: {
        tags,
        body: z.object({
          latitude,
          longitude,
          accuracy: z.number().min(0).max(1_000_000).nullable().optional(),
        }),
        response: {
          200: z.object({
            location: z.object({ address: z.string(), latitude: z.number(), longitude: z.number() }),
            alerts: z.array(
              z.object({ id: z.number(), contactId: z.number(), message: z.string(), distance: z.number() }),
            ),
          }),
        },
      },
    },
    (request) => app.inWorkspace(request, 'member', (tx, member) => updateLocation(tx, member, request.body)),
  );

  app.get(
    '/api/location/nearby-contacts',
    {
      schema: {
        tags,
        querystring: z.object({
          latitude: z.coerce.number().pipe(latitude),
          longitude: z.coerce.number().pipe(longitude),
          radius: z.coerce.number().positive().max(100).default(nearbyRadiusMiles),
        }),
        response: { 200: z.array(nearbyContactSchema) },
      },
    },
    (request) => app.inWorkspace(request, 'viewer', (tx) => nearbyContacts(tx, request.query)),
  );
};
