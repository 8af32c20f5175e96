export const RELEASE_DRAFT_PATH = '/api/release-draft';
/** Where the draft release is edited and filed (src/web/app/router.tsx). */
export const RELEASE_PAGE_PATH = '/releases/draft';

/** The only place a release query key is built: one draft per user, under one root. */
export const releaseKeys = {
  all: ['release-draft'] as const,
  draft: () => [...releaseKeys.all, 'draft'] as const,
};
