/**
 * Loads ICU's date and number data for the page that started this worker, then says so with one
 * message ('loaded'). ICU keeps that data for the whole renderer process, so formatting here once
 * spares the page's main thread the cost of its first formatter (lib/date-format-data.ts,
 * docs/decisions/045-date-format-data-on-a-worker.md).
 */
new Intl.DateTimeFormat().format(0);
new Intl.NumberFormat().format(0);
// A dedicated worker's global scope; the app's TypeScript library is the DOM's, whose window
// `postMessage` asks for a target origin.
(globalThis as unknown as { postMessage: (message: string) => void }).postMessage('loaded');

// A module (for TypeScript and the test that imports it); Vite builds the worker without it.
export {};
