/**
 * The mock backend's domains, in seed order. A new domain adds its module here: a seeder that fills its tables
 * (augmenting `Db` in its own file) and its msw handlers.
 */
import type { HttpHandler } from 'msw';
import type { Db, Seeder, SqlSeeder } from '../db';
import { emptyDb } from '../db';
import { seedCore, seedDemoCore, seedPlatformAdmin, seedProductionCore, sessionHandlers } from './session';
import { seedPeople } from './people';
import { seedSubscription, subscriptionHandlers } from './subscription';
import { seedLedgerInTimeOrder, seedSchool } from './school';
import { schoolHandlers } from './schoolApi';
import { customerHandlers, customerExtraHandlers, seedCustomer, seedCustomerTables } from './customerIndex';
import { seedSchedule } from './schedule';
import { scheduleHandlers } from './scheduleApi';
import { financeHandlers, seedJournal } from './finance';
import { salaryHandlers, seedSalaries } from './salary';
import { analysisHandlers } from './analysis';
import { campusHandlers, seedCampus, seedPermissionGroups } from './campus';
import { accountHandlers, seedAccounts } from './campusAccounts';
import { invitationHandlers } from './invitations';
import { settingsHandlers } from './campusSettings';
import { campusSalesHandlers, seedContracts, seedSales } from './campusSales';
import { seedWebPages } from './webPages';
import { seedTeachingAndNotices, teachingAndNoticeHandlers } from './teachingIndex';
import { platformHandlers, seedPlatform, seedPlatformProduction, seedPlatformTables, seedSaleCaps } from './platform';
import { auditHandlers, seedAudit } from './audit';
import { seedTeaching } from './teaching';
import { seedMessages, seedNotices } from './notice';
import { seedParentInbox } from './notify';
import { searchHandlers } from './search';
import { parentHandlers } from './parent';
import { importHandlers } from './studentImport';
import { arrearsHandlers, seedArrears } from './arrears';
import { seedCampusRows } from './campusRows';
import { seedSchoolRows } from './schoolRows';
import { seedStudentRows } from './studentRows';
import { seedLessonRows } from './lessonRows';
import { seedCardTemplateRows } from './cardTemplateRows';
import { seedCardTables } from './cardRows';
import { seedStaffRows } from './staffRows';
import { seedScheduleTables } from './scheduleRows';
import { seedCompanyRows } from './companyRows';

export const seeders: Seeder[] = [seedCore, seedArrears, seedSchool, seedSubscription, seedCustomer, seedSchedule, seedCampus, seedAccounts, seedTeachingAndNotices, seedPlatform, seedLedgerInTimeOrder];
/** Seeders of the tables in the database (server/db), after the in-process seed they read. */
export const sqlSeeders: SqlSeeder[] = [seedCompanyRows, seedPlatformTables, seedCampusRows, seedPermissionGroups, seedPeople, seedStaffRows, seedSchoolRows, seedStudentRows, seedLessonRows, seedCardTemplateRows, seedCardTables, seedTeaching, seedMessages, seedNotices, seedParentInbox, seedContracts, seedWebPages, seedJournal, seedSalaries, seedCustomerTables, seedScheduleTables, seedSales, seedSaleCaps, seedAudit];

/** Seeders of the tables in the database outside demo mode: the rows a production start needs. */
export const productionSqlSeeders: SqlSeeder[] = [seedCompanyRows, seedPlatformProduction, seedPlatformAdmin];

/**
 * The seed outside demo mode (mock/mode.ts): every table the domains declare, empty (their seeders run once on a
 * scratch Db only to create them, then their rows are dropped), and the platform company with its admin
 * (`seedProductionCore`: a one-time password printed once). No demo company, account or row.
 */
export function productionSeed(db: Db) {
  const scratch = emptyDb();
  seedDemoCore(scratch);
  for (const seed of seeders) if (seed !== seedCore) seed(scratch);
  const target = db as unknown as Record<string, unknown>;
  for (const [key, value] of Object.entries(scratch as unknown as Record<string, unknown>)) {
    if (Array.isArray(value)) target[key] = [];
    else if (value instanceof Map) target[key] = new Map();
    else if (value && typeof value === 'object') target[key] = {};
  }
  db.seq = {};
  seedProductionCore(db);
}

export const domainHandlers: HttpHandler[] = [...sessionHandlers, ...subscriptionHandlers, ...importHandlers, ...schoolHandlers, ...arrearsHandlers, ...customerHandlers, ...customerExtraHandlers, ...scheduleHandlers, ...financeHandlers, ...salaryHandlers, ...analysisHandlers, ...campusHandlers, ...accountHandlers, ...invitationHandlers, ...settingsHandlers, ...campusSalesHandlers, ...teachingAndNoticeHandlers, ...platformHandlers, ...auditHandlers, ...searchHandlers, ...parentHandlers];
