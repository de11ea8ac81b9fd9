/** The flow atlas's page (built by atlas/build/site.ts into flows/atlas/atlas.js). */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import './atlas.css';

createRoot(document.getElementById('atlas')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
