import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// CI machines are small and busy: give findBy*/waitFor room before they call a slow render a failure.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
});
