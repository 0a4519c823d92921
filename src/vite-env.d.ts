/// <reference types="vite/client" />

/**
 * True in a demo build (`npm start`, the browser suite), false in a release (`npm run build`).
 * A release build removes every branch that reads it as true, so the development switches are
 * not in its bundle at all (docs/deploy.md).
 */
declare const __DEMO_BUILD__: boolean;
