/**
 * The class, student and card scope of the teaching and notice calls: the school domain's scope functions
 * themselves (mock/domains/schoolPolicies.ts), so that homework, posters and notice receivers reach exactly the rows
 * of the student and class lists (teachers: their classes and those classes' students; the permission group's data
 * scope: own / campus). There was a copy here without the data scope (issue 29); keep this a re-export.
 */
export { cardRows, classRows, studentRows } from './schoolPolicies';
