import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { clearToast } from '../../src/ui/toast';

afterEach(() => {
  cleanup();
  clearToast();
  localStorage.clear();
  sessionStorage.clear();
});
