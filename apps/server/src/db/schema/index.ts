export * from './auth.js';
export * from './people.js';
export * from './platform.js';
export * from './workspaces.js';
export * from './tasks.js';
export * from './mail.js';
export * from './activity.js';
