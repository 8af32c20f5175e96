import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { clearToasts } from '@/components/ui/use-toast';

// CI machines are small and busy: give findBy*/waitFor room before they call a slow render a failure.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  // Test files share one module graph per worker (isolate: false in vitest.config.ts): no toast of one
  // test may still show in the next.
  clearToasts();
});
