import { and, asc, eq } from 'drizzle-orm';
import type { Environment } from '../../contract/common';
import type { CapabilityDeployment, MicrofrontendDeployment } from '../../contract/deployments';
import { getCapability } from '../capabilities/service';
import type { Executor } from '../db/client';
import { capabilityDeployments, microfrontendDeployments } from '../db/schema';
import { getMicrofrontend } from '../microfrontends/service';

/** The blue and green slots of one microfrontend in one environment (blue first). */
export async function listMicrofrontendDeployments(
  db: Executor,
  microfrontendId: string,
  environment: Environment,
): Promise<MicrofrontendDeployment[]> {
  await getMicrofrontend(db, microfrontendId);
  return db
    .select()
    .from(microfrontendDeployments)
    .where(
      and(eq(microfrontendDeployments.microfrontendId, microfrontendId), eq(microfrontendDeployments.environment, environment)),
    )
    .orderBy(asc(microfrontendDeployments.slot));
}

/** The blue and green slots of one capability in one environment (blue first). */
export async function listCapabilityDeployments(
  db: Executor,
  capabilityId: string,
  environment: Environment,
): Promise<CapabilityDeployment[]> {
  await getCapability(db, capabilityId);
  return db
    .select()
    .from(capabilityDeployments)
    .where(and(eq(capabilityDeployments.capabilityId, capabilityId), eq(capabilityDeployments.environment, environment)))
    .orderBy(asc(capabilityDeployments.slot));
}
