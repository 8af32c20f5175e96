// The releases feature's public surface: the draft release, filled by "Add to release" in the editors.
export { RELEASE_PAGE_PATH, releaseKeys } from '@/releases/api/release-keys';
export { useAddToRelease } from '@/releases/api/use-add-to-release';
