import { idParamSchema, websiteFilterQuerySchema } from '@domain/ids';
import { productInputSchema, productSchema } from '@domain/payments/product-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noContent } from '../../http/responses.js';
import { listProducts } from './service.js';
import { createProduct, deleteProduct } from './store.js';

const tags = ['products'];

export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/products',
    {
      schema: {
        tags,
        description:
          'What the workspace’s websites sell; `websiteId`: one website’s products (404 for a website the ' +
          'workspace does not have).',
        querystring: websiteFilterQuerySchema,
        response: { 200: z.array(productSchema) },
      },
    },
    (request) => app.inWorkspace(request, 'viewer', (tx) => listProducts(tx, request.query)),
  );

  app.post(
    '/api/products',
    {
      config: { role: 'admin' },
      schema: { tags, body: productInputSchema, response: { 201: productSchema } },
    },
    async (request, reply) => {
      const product = await app.inWorkspace(request, 'admin', (tx) => createProduct(tx, request.body));
      return reply.status(201).send(product);
    },
  );

  app.delete(
    '/api/products/:id',
    {
      config: { role: 'admin' },
      schema: { tags, params: z.object({ id: idParamSchema }), response: noContent('Deleted') },
    },
    async (request, reply) => {
      await app.inWorkspace(request, 'admin', (tx) => deleteProduct(tx, request.params.id));
      return reply.status(204).send(null);
    },
  );
};
