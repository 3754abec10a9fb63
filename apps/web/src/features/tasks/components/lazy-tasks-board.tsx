import { lazyWithPreload } from '@/lib/lazy-with-preload';

/**
 * The board view of /tasks ({@link TasksBoard}, ./tasks-board), loaded when the board is first
 * shown: its drag and drop (dnd-kit) is no part of the list, the default view (issue #13). The
 * toolbar's "Board" toggle preloads it on intent.
 */
export const LazyTasksBoard = lazyWithPreload(() => import('./tasks-board').then((module) => module.TasksBoard));
