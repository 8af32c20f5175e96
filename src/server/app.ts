import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { ErrorBody } from '../contract/errors';
import { capabilityRoutes } from './capabilities/routes';
import { notificationTemplateRoutes } from './capabilities/templates-routes';
import { configurationVersionRoutes } from './capabilities/versions-routes';
import type { DatabaseHandle } from './db/client';
import { deploymentRoutes } from './deployments/routes';
import { healthRoutes } from './health/routes';
import { registerErrorHandler } from './http/error-handler';
import { isClientPath, registerStaticClient } from './http/static-client';
import { microfrontendRoutes } from './microfrontends/routes';
import { overviewRoutes } from './overview/routes';
import { tenantRoutes } from './tenants/routes';
import { userRoutes } from './users/routes';
import { webAppRoutes } from './web-apps/routes';

export interface AppDeps {
  database: Pick<DatabaseHandle, 'db' | 'kind' | 'ping'>;
  /** Directory of the built client (dist/client); omitted in API-only tests. */
  clientDir?: string;
  logger?: FastifyServerOptions['logger'];
}

/** Builds the whole HTTP application without listening: used by main.ts and by the tests. */
export async function buildApp(deps: AppDeps) {
  const app = Fastify({
    logger: deps.logger ?? false,
    // Behind a load balancer the client address comes from X-Forwarded-For.
    trustProxy: true,
    bodyLimit: 1024 * 1024,
    requestIdHeader: 'x-request-id',
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Resource Manager API',
        description: 'Administrative API of a multi-tenant platform',
        version: '0.1.0',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  const { db } = deps.database;
  healthRoutes(app, { database: deps.database });
  overviewRoutes(app, { db });
  tenantRoutes(app, { db });
  userRoutes(app, { db });
  capabilityRoutes(app, { db });
  configurationVersionRoutes(app, { db });
  notificationTemplateRoutes(app, { db });
  microfrontendRoutes(app, { db });
  deploymentRoutes(app, { db });
  webAppRoutes(app, { db });

  const servesClient = deps.clientDir ? await registerStaticClient(app, deps.clientDir) : false;

  app.setNotFoundHandler((request, reply) => {
    if (servesClient && isClientPath(request.url) && (request.method === 'GET' || request.method === 'HEAD')) {
      // History fallback: the client router decides what an unknown page is.
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    }
    const body: ErrorBody = { message: `Route ${request.method} ${request.url.split('?')[0]} not found`, code: 'NOT_FOUND' };
    return reply.status(404).send(body);
  });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
