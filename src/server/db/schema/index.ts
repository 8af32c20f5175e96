export * from './tenants';
export * from './users';
export * from './capabilities';
export * from './web-apps';
export * from './microfrontends';
export * from './deployments';
export * from './gateway';
export * from './notification-templates';
