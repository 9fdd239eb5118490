import app from './parts/app.en-US';
import finance from './parts/finance.en-US';
import helpers from './parts/helpers.en-US';
import school from './parts/school.en-US';
import schedule from './parts/schedule.en-US';
import customer from './parts/customer.en-US';
import everyday from './parts/everyday.en-US';
import campus from './parts/campus.en-US';
import analysis from './parts/analysis.en-US';
import teaching from './parts/teaching.en-US';
import platform from './parts/platform.en-US';
import excelImport from './parts/import.en-US';
import invitation from './parts/invitation.en-US';

const enUS: Record<string, string> = { ...helpers, ...app, ...finance, ...school, ...schedule, ...customer, ...everyday, ...campus, ...analysis, ...teaching, ...platform, ...excelImport, ...invitation };
export default enUS;
