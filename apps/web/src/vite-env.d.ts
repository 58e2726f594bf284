/// <reference types="vite/client" />

/** The web app's package version, set by vite.config.ts. */
declare const __APP_VERSION__: string;
