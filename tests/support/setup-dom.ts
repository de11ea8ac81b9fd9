import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { session } from '../../src/lib/session';
import { clearToast } from '../../src/ui/toast';

afterEach(() => {
  cleanup();
  clearToast();
  // The tab's in-memory session first: it would otherwise carry over to the next test of the file.
  session.clear();
  localStorage.clear();
  sessionStorage.clear();
});
