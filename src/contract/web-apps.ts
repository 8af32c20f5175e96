import { z } from 'zod';
import { timestampSchema } from './common';

export const webAppSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  technology: z.string(),
  status: z.string(),
  tenantId: z.string(),
  environment: z.string(),
  region: z.string().nullable(),
  url: z.string().nullable(),
  createdAt: timestampSchema,
});
export type WebApp = z.infer<typeof webAppSchema>;

export const webAppStatuses = ['running', 'provisioning', 'stopped'] as const;
