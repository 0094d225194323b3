import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// How long findBy* and waitFor wait at most: the screens are lazy chunks, which a busy machine
// (the whole suite on two cores, or two suites at once) takes seconds to load. Each wait ends as
// soon as its condition holds, so the ceiling costs a passing test nothing; no test waits for
// something not to appear. A call that passes its own timeout asks for more than this.
configure({ asyncUtilTimeout: 15_000 });

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});
