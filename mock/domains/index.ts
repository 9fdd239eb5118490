/**
 * The mock backend's domains, in seed order. A new domain adds its module here: a seeder that fills its tables
 * (augmenting `Db` in its own file) and its msw handlers.
 */
import type { HttpHandler } from 'msw';
import type { Seeder } from '../db';
import { seedCore, sessionHandlers } from './session';
import { seedSubscription, subscriptionHandlers } from './subscription';
import { seedLedgerInTimeOrder, seedSchool } from './school';
import { schoolHandlers } from './schoolApi';
import { customerHandlers, customerExtraHandlers, seedCustomer } from './customerIndex';
import { seedSchedule } from './schedule';
import { scheduleHandlers } from './scheduleApi';
import { financeHandlers, seedFinance } from './finance';
import { salaryHandlers, seedSalary } from './salary';
import { analysisHandlers } from './analysis';
import { campusHandlers, seedCampus } from './campus';
import { accountHandlers, seedAccounts } from './campusAccounts';
import { seedSettings, settingsHandlers } from './campusSettings';
import { campusSalesHandlers, seedCampusSales } from './campusSales';
import { seedTeachingAndNotices, teachingAndNoticeHandlers } from './teachingIndex';
import { platformHandlers, seedPlatform } from './platform';
import { auditHandlers, seedAudit } from './audit';
import { searchHandlers } from './search';
import { importHandlers } from './studentImport';

export const seeders: Seeder[] = [seedCore, seedSchool, seedSubscription, seedCustomer, seedSchedule, seedFinance, seedSalary, seedCampus, seedAccounts, seedSettings, seedCampusSales, seedTeachingAndNotices, seedPlatform, seedAudit, seedLedgerInTimeOrder];

export const domainHandlers: HttpHandler[] = [...sessionHandlers, ...subscriptionHandlers, ...importHandlers, ...schoolHandlers, ...customerHandlers, ...customerExtraHandlers, ...scheduleHandlers, ...financeHandlers, ...salaryHandlers, ...analysisHandlers, ...campusHandlers, ...accountHandlers, ...settingsHandlers, ...campusSalesHandlers, ...teachingAndNoticeHandlers, ...platformHandlers, ...auditHandlers, ...searchHandlers];
