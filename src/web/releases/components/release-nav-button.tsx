import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { useReleaseDraft } from '@/releases/api/get-release-draft';
import { RELEASE_PAGE_PATH } from '@/releases/api/release-keys';

/**
 * The header's way to the draft release, with how many changes it holds ("Release · 3"); nothing while
 * it is empty, loading or unreadable (a hint, never an error).
 */
export function ReleaseNavButton() {
  const count = useReleaseDraft().data?.changes.length ?? 0;
  if (count === 0) return null;
  return (
    <Link
      to={RELEASE_PAGE_PATH}
      className={buttonVariants({ variant: 'outline', size: 'sm' })}
      aria-label={`Release, ${count === 1 ? '1 change' : `${count} changes`}`}
      data-testid="release-nav-button"
    >
      Release · <span className="tabular-nums">{count}</span>
    </Link>
  );
}
