/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base address of the API; the app and API share an origin in production, hence the '/api' default. */
  readonly VITE_API_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
