import './start-config.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { mayRender } from './app/frame-guard.ts';
import './app/app.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

if (mayRender(window, (message) => console.error(message))) {
  createRoot(root).render(
    <StrictMode>
      <App pageUrl={new URL(window.location.href)} navigate={(url) => window.location.replace(url)} />
    </StrictMode>,
  );
}
