import { lazyWithPreload } from '@/lib/lazy-with-preload';

/**
 * The brief editor ({@link BriefEditor}, ./brief-editor), loaded when a brief is first shown in edit
 * mode: the executive reads by default (issue #9), and the editor's sections, attendees, AI
 * drafting and history are no part of reading (issue #13). The Read / Edit toggle preloads it on
 * intent.
 */
export const LazyBriefEditor = lazyWithPreload(() => import('./brief-editor').then((module) => module.BriefEditor));
