export * from './auth.js';
export * from './envelope.js';
export * from './errors.js';
export * from './health.js';
export * from './members.js';
export * from './profile.js';
export * from './subscription.js';
export * from './themes.js';
