/** Every table, one file per domain. drizzle-kit reads this file (drizzle.config.ts) to generate the migrations. */
export * from './auth';
export * from './audit';
export * from './teaching';
export * from './messages';
export * from './notify';
export * from './invitations';
export * from './contracts';
export * from './webPages';
export * from './salary';
export * from './finance';
export * from './groups';
export * from './customer';
export * from './sales';
export * from './campus';
export * from './accounts';
export * from './monthClose';
export * from './platform';
