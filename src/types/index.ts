export * from './api';
export * from './session';
export * from './subscription';
export * from './school';
export * from './settings';
export * from './customer';
export * from './schedule';
export * from './invitation';
