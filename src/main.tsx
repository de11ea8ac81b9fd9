// The base stylesheet first: the shared pieces' and the screens' own styles come after it and refine it.
import './ui/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { onSessionExpired } from './api/client';
import { App } from './app/App';
import { handleSessionExpired } from './app/session-expiry';

onSessionExpired(() => handleSessionExpired());

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
