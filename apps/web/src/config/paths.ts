/**
 * Every URL of the app, once: `path` is the router pattern, `getHref` builds a link
 * (bulletproof-react's paths.ts). Only the routes of this issue are listed (seed §2).
 */
/** The query flag of a first landing after activation (PRODUCT §1 first-run question). */
export const FIRST_RUN_PARAM = 'welcome';

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
  dashboard: {
    /** /dashboard: redirects to the home view (PRODUCT §3). */
    root: {
      path: '/dashboard',
      getHref: () => '/dashboard',
    },
    /** "Today at a glance" with charts. */
    home: {
      path: '/dashboard/home',
      /** `firstRun`: a brand-new account lands here and is asked the PRODUCT §1 first-run question. */
      getHref: (options?: { firstRun?: boolean }) => (options?.firstRun ? `/dashboard/home?${FIRST_RUN_PARAM}` : '/dashboard/home'),
    },
    /** The same data as plain lists, no charts (PRODUCT §3). */
    old: {
      path: '/dashboard/old',
      getHref: () => '/dashboard/old',
    },
  },
  workspaces: {
    settings: {
      path: '/workspaces/settings',
      /** `tab`: the open tab, kept in the URL so it survives a reload (?tab=members). */
      getHref: (tab?: 'general' | 'members' | 'subscription') =>
        tab && tab !== 'general' ? `/workspaces/settings?tab=${tab}` : '/workspaces/settings',
    },
  },
  /** The signed-in person's own name, email, theme and password (issue #8; the menu's "Profile"). */
  account: {
    path: '/account',
    getHref: () => '/account',
  },
  tasks: {
    list: {
      path: '/tasks',
      /** `query`: the list's filters, view and open task (features/tasks/utils/task-filters.ts), e.g. "view=board&mine=1". */
      getHref: (query?: string | URLSearchParams) => {
        const search = query?.toString() ?? '';
        return search ? `/tasks?${search}` : '/tasks';
      },
    },
    new: {
      path: '/tasks/new',
      getHref: () => '/tasks/new',
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
