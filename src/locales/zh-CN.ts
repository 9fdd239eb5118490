import app from './parts/app.zh-CN';
import finance from './parts/finance.zh-CN';
import helpers from './parts/helpers.zh-CN';
import school from './parts/school.zh-CN';
import schedule from './parts/schedule.zh-CN';
import customer from './parts/customer.zh-CN';
import everyday from './parts/everyday.zh-CN';
import campus from './parts/campus.zh-CN';
import analysis from './parts/analysis.zh-CN';
import teaching from './parts/teaching.zh-CN';
import platform from './parts/platform.zh-CN';
import excelImport from './parts/import.zh-CN';
import invitation from './parts/invitation.zh-CN';

const zhCN: Record<string, string> = { ...helpers, ...app, ...finance, ...school, ...schedule, ...customer, ...everyday, ...campus, ...analysis, ...teaching, ...platform, ...excelImport, ...invitation };
export default zhCN;
