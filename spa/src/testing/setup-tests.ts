import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// How long findBy* and waitFor wait by default: the screens are lazy chunks, which a busy machine
// (the whole suite on two cores) takes seconds to load. A call that waits longer says so itself:
// an error state after the API client's retries, a screen behind several chunks.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});
