import type { ClientConfig } from '@tandem/contract';

/** Who is identified (seed §7: id, email, first name, last name). */
export interface AnalyticsUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
}

/** True when analytics may run: a posthog key is configured and the environment is not local (seed §7). */
export function isAnalyticsEnabled(config: ClientConfig | null | undefined): config is ClientConfig & { posthogKey: string } {
  return Boolean(config?.posthogKey) && config?.environment !== 'local';
}

let initialisedKey: string | null = null;

/**
 * posthog identify(id, {email, firstName, lastName}) (seed §7), only when analytics is enabled.
 * posthog-js is imported lazily, so it is never in the sign-in bundle; it keeps its state in
 * memory only (nothing but tokens and ids in storage, PRODUCT §5). Never throws.
 */
export async function identifyUser(config: ClientConfig | null | undefined, user: AnalyticsUser): Promise<void> {
  if (!isAnalyticsEnabled(config)) return;
  try {
    // The no-external build never loads remote scripts (the CSP allows script-src 'self' only).
    const { default: posthog } = await import('posthog-js/dist/module.no-external');
    if (initialisedKey !== config.posthogKey) {
      posthog.init(config.posthogKey, {
        api_host: config.posthogHost ?? 'https://us.i.posthog.com',
        persistence: 'memory',
        autocapture: false,
        capture_pageview: false,
        capture_pageleave: false,
        disable_session_recording: true,
        disable_surveys: true,
        advanced_disable_flags: true,
      });
      initialisedKey = config.posthogKey;
    }
    posthog.identify(user.id, { email: user.email, firstName: user.firstName, lastName: user.lastName });
  } catch {
    // Analytics must never break the app.
  }
}

/** Forgets the identified user (after sign-out). Never throws. */
export async function resetAnalytics(): Promise<void> {
  if (!initialisedKey) return;
  try {
    const { default: posthog } = await import('posthog-js/dist/module.no-external');
    posthog.reset();
  } catch {
    // Ignore.
  }
}
