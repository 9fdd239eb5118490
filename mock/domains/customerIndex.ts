/** The customer center's registration point (mock/domains/index.ts): its seeder and handlers. */
export { customerHandlers } from './customer';
export { customerExtraHandlers } from './customerExtra';
export { seedCustomer, seedCustomerTables } from './customerSeed';
