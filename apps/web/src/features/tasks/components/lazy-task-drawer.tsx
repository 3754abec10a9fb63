import { lazyWithPreload } from '@/lib/lazy-with-preload';

/**
 * The task drawer ({@link TaskDrawer}, ./task-drawer), loaded when a task is first opened: its form
 * (react-hook-form), dialogs and drawer are no part of the list's first render (issue #13). A task
 * title preloads it on intent; a link to /tasks?task=… loads it at once.
 */
export const LazyTaskDrawer = lazyWithPreload(() => import('./task-drawer').then((module) => module.TaskDrawer));
