/**
 * Build-time settings of the web app. Only these two may be overridden (Vite `VITE_*` variables);
 * everything else the browser needs comes from GET v1/client-config at run time (STYLE §6).
 */

/** The client id sent as `X-Client-Id` on every call and in token requests (seed §7). */
export const CLIENT_ID: string = import.meta.env.VITE_CLIENT_ID || 'tandem-web';

/** Base URL of every API call (seed §7: "a configured base URL"); same origin by default. */
export const API_BASE_URL: string = import.meta.env.VITE_API_BASE_URL || '/api';
