/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/client" />

interface ImportMetaEnv {
  /** Overrides the client id sent as X-Client-Id (default 'tandem-web'). */
  readonly VITE_CLIENT_ID?: string;
  /** Overrides the API base URL (default '/api'). */
  readonly VITE_API_BASE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
