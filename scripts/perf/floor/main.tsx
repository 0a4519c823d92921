import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

// The least a React 19 page ships: React, ReactDOM's client and one element. The first view's
// budget is measured against this, built with the same Vite config as the app.
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <p>Anmeldung</p>
    </StrictMode>,
  );
}
