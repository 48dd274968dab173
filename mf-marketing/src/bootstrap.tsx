// Standalone mode for this remote's team: its pages with their own router, store and theme.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { StandaloneApp } from '@platform/store';
import routes from './routes';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <StandaloneApp module={routes} />
  </StrictMode>,
);
