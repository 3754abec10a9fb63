/**
 * Every URL of the app, once: `path` is the router pattern, `getHref` builds a link
 * (bulletproof-react's paths.ts). Only the routes of this issue are listed (seed §2).
 */
export const paths = {
  home: {
    path: '/',
    getHref: () => '/',
  },
  auth: {
    login: {
      path: '/auth/login',
      getHref: () => '/auth/login',
    },
    passwordless: {
      path: '/auth/passwordless',
      getHref: () => '/auth/passwordless',
    },
    verify: {
      path: '/auth/verify',
      getHref: () => '/auth/verify',
    },
    forgotPassword: {
      path: '/auth/forgot-password',
      getHref: () => '/auth/forgot-password',
    },
    newPassword: {
      path: '/auth/new-password',
      /** `code`: the reset action code from the emailed link. */
      getHref: (code?: string) => (code ? `/auth/new-password?code=${encodeURIComponent(code)}` : '/auth/new-password'),
    },
    logout: {
      path: '/auth/logout',
      getHref: () => '/auth/logout',
    },
  },
  workspaces: {
    settings: {
      path: '/workspaces/settings',
      /** `tab`: the open tab, kept in the URL so it survives a reload (?tab=members). */
      getHref: (tab?: 'general' | 'members' | 'subscription' | 'appearance') =>
        tab && tab !== 'general' ? `/workspaces/settings?tab=${tab}` : '/workspaces/settings',
    },
  },
  register: {
    path: '/register',
    /** `step: 'activate'` opens the activation-code step for `email`. */
    getHref: (options?: { step?: 'activate'; email?: string }) => {
      const params = new URLSearchParams();
      if (options?.step) params.set('step', options.step);
      if (options?.email) params.set('email', options.email);
      const query = params.toString();
      return query ? `/register?${query}` : '/register';
    },
  },
} as const;
