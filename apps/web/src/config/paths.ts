/**
 * Every URL of the app, once: `path` is the router pattern, `getHref` builds a link
 * (bulletproof-react's paths.ts). Only the routes of this issue are listed (seed §2).
 */
/** A query string of the defined entries of `params` ("?a=1&b=2"), or "" when there are none. */
function queryOf(params: Record<string, string | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const query = search.toString();
  return query ? `?${query}` : '';
}

/** The query parameter of the sign-in pages that carries where to go after signing in (issue #8 deep links). */
export const RETURN_TO_PARAM = 'returnTo';

/** Where a sign-in page was opened from and what it knows (issue #8). */
export interface SignInHrefOptions {
  /** The in-app path to return to after signing in (checked with safeReturnPath before use). */
  returnTo?: string | null;
  /** The email to fill in. */
  email?: string | null;
}

export const paths = {
  home: {
    path: '/',
    getHref: () => '/',
  },
  auth: {
    login: {
      path: '/auth/login',
      /** `activated`: the account was just activated elsewhere (shows "Account activated — sign in"). */
      getHref: (options: SignInHrefOptions & { activated?: boolean } = {}) =>
        `/auth/login${queryOf({ email: options.email, activated: options.activated ? '1' : null, [RETURN_TO_PARAM]: options.returnTo })}`,
    },
    passwordless: {
      path: '/auth/passwordless',
      getHref: (options: SignInHrefOptions = {}) =>
        `/auth/passwordless${queryOf({ email: options.email, [RETURN_TO_PARAM]: options.returnTo })}`,
    },
    verify: {
      path: '/auth/verify',
      getHref: (options: Pick<SignInHrefOptions, 'returnTo'> = {}) => `/auth/verify${queryOf({ [RETURN_TO_PARAM]: options.returnTo })}`,
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
      getHref: () => '/dashboard/home',
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
      getHref: (tab?: 'general' | 'members' | 'subscription' | 'slack') =>
        tab && tab !== 'general' ? `/workspaces/settings?tab=${tab}` : '/workspaces/settings',
    },
  },
  /** Slack's OAuth v2 install (issue #12): /slack/auth goes to Slack, Slack returns to the callback. */
  slack: {
    auth: {
      path: '/slack/auth',
      getHref: () => '/slack/auth',
    },
    callback: {
      path: '/slack/oauth/callback',
      getHref: () => '/slack/oauth/callback',
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
  // Executive briefs (issue #9).
  briefs: {
    list: {
      path: '/executive-briefs',
      /** `query`: the list's filters (features/briefs/utils/brief-filters.ts), e.g. "status=READY&q=board". */
      getHref: (query?: string | URLSearchParams) => {
        const search = query?.toString() ?? '';
        return search ? `/executive-briefs?${search}` : '/executive-briefs';
      },
    },
    detail: {
      path: '/executive-briefs/:id',
      getHref: (id: string) => `/executive-briefs/${encodeURIComponent(id)}`,
    },
    templates: {
      /** The template editor for a new template; saving opens the template's own page. Static segment: the router ranks it above /executive-briefs/:id. */
      new: {
        path: '/executive-briefs/templates/new',
        getHref: () => '/executive-briefs/templates/new',
      },
      /** One template: the editor, or read-only with "Duplicate" for a built-in. */
      detail: {
        path: '/executive-briefs/templates/:id',
        getHref: (id: string) => `/executive-briefs/templates/${encodeURIComponent(id)}`,
      },
    },
  },
  // Questions and people (issue #10). Static segments rank above /questions/:id in the router.
  questions: {
    /** The hub: recent requests, waiting on, people. */
    hub: {
      path: '/questions',
      getHref: () => '/questions',
    },
    /** Every request; `query`: filters, search, sort (e.g. "status=SENT&q=board&sort=dueDate"). */
    list: {
      path: '/questions/list',
      getHref: (query?: string | URLSearchParams) => {
        const search = query?.toString() ?? '';
        return search ? `/questions/list?${search}` : '/questions/list';
      },
    },
    /** Closed requests, a read-only archive. */
    legacy: {
      path: '/questions/legacy',
      getHref: () => '/questions/legacy',
    },
    /**
     * The composer of a new request (a draft is saved as you go). `fromGeneration`: open it filled
     * with the items chosen on /questions/generate (handed over in session storage by that key).
     */
    new: {
      path: '/questions/new',
      getHref: (options: { fromGeneration?: string } = {}) => `/questions/new${queryOf({ generated: options.fromGeneration })}`,
    },
    /** Goal + audience + number → the assistant proposes questions → edit → the composer (issue #11). */
    generate: {
      path: '/questions/generate',
      getHref: () => '/questions/generate',
    },
    // Summaries (issue #11). Static segments rank above /questions/summaries/:id, so new and step2 are never an id.
    summaries: {
      /** Every summary: status, scope and freshness. */
      list: {
        path: '/questions/summaries',
        getHref: (query?: string | URLSearchParams) => {
          const search = query?.toString() ?? '';
          return search ? `/questions/summaries?${search}` : '/questions/summaries';
        },
      },
      /** Step 1: choose requests, people, dates and a title; `requestId` preselects one request. */
      new: {
        path: '/questions/summaries/new',
        getHref: (options: { requestId?: string } = {}) => `/questions/summaries/new${queryOf({ requestId: options.requestId })}`,
      },
      /** Step 2: review the generated draft `id` (saved as a DRAFT summary, so a reload keeps it). */
      step2: {
        path: '/questions/summaries/step2',
        getHref: (id: string) => `/questions/summaries/step2?id=${encodeURIComponent(id)}`,
      },
      /** One summary: view, edit, publish, update. */
      detail: {
        path: '/questions/summaries/:id',
        getHref: (id: string) => `/questions/summaries/${encodeURIComponent(id)}`,
      },
    },
    /** One request: the composer while DRAFT, else its recipients and answers. */
    detail: {
      path: '/questions/:id',
      getHref: (id: string) => `/questions/${encodeURIComponent(id)}`,
    },
    people: {
      list: {
        path: '/questions/people',
        /** `query`: search and tag (e.g. "q=dana&tag=board"). */
        getHref: (query?: string | URLSearchParams) => {
          const search = query?.toString() ?? '';
          return search ? `/questions/people?${search}` : '/questions/people';
        },
      },
      new: {
        path: '/questions/people/new',
        getHref: () => '/questions/people/new',
      },
      /** A person's profile: details, every request and answer. */
      detail: {
        path: '/questions/people/:id',
        getHref: (id: string) => `/questions/people/${encodeURIComponent(id)}`,
      },
      /** A person's timeline: requests, answers and messages, live; compose a follow-up. */
      chat: {
        path: '/questions/people/:id/chat',
        getHref: (id: string) => `/questions/people/${encodeURIComponent(id)}/chat`,
      },
    },
  },
  /** The public pages (no guard, noindex; PRODUCT §3, §5). */
  public: {
    /** A recipient's answer page (issue #10); `shortUrl` is the link's public id. */
    question: {
      path: '/q/:shortUrl',
      getHref: (shortUrl: string) => `/q/${encodeURIComponent(shortUrl)}`,
    },
    /** A published summary (issue #11); `id` is the link's public id. */
    summary: {
      path: '/s/:id',
      getHref: (id: string) => `/s/${encodeURIComponent(id)}`,
    },
    /** A brief's share link (issue #9); `id` is the link's public id. */
    brief: {
      path: '/b/:id',
      getHref: (id: string) => `/b/${encodeURIComponent(id)}`,
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
