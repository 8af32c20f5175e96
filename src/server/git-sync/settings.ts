import { NO_ALLOWANCE } from '../delivery/probes/address-policy';
import type { Env } from '../env';
import type { GitSettings } from './git-client';

/** How the server reaches repositories (docs/config-as-code-git.md): the address guard, time and size bounds. */
export type GitSyncSettings = GitSettings;

/** A Git HTTP exchange may take 30 s; a pack may hold 50 MB. */
export const DEFAULT_GIT_SYNC_SETTINGS: GitSyncSettings = {
  allowance: NO_ALLOWANCE,
  timeoutMs: 30_000,
  maxBytes: 50 * 1024 * 1024,
};

/** A pass's claim on a link: longer than a check takes, so a live pass keeps it; a crashed one's runs out. */
export const GIT_LINK_LEASE_MS = 5 * 60_000;

/** The settings from the environment: repositories are URLs an administrator typed, under the probes' address policy. */
export const gitSyncSettingsOf = (env: Pick<Env, 'HEALTH_CHECK_ALLOW'>): GitSyncSettings => ({
  ...DEFAULT_GIT_SYNC_SETTINGS,
  allowance: env.HEALTH_CHECK_ALLOW,
});
