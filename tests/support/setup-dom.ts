import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { dropReadAhead } from '../../src/api/read-ahead';
import { session } from '../../src/lib/session';
import { clearToast } from '../../src/ui/toast';

afterEach(() => {
  cleanup();
  clearToast();
  // The tab's in-memory session first: it would otherwise carry over to the next test of the file.
  session.clear();
  // Answers kept for the next screen (src/api/read-ahead.ts) belong to the test that read them.
  dropReadAhead();
  localStorage.clear();
  sessionStorage.clear();
});
