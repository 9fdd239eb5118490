import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseTemplate, renderTemplate, TEMPLATE_VARIABLES } from './templates';

describe('template variables (docs/rules.md#notices-and-notifications)', () => {
  it('finds known and unknown variables; other braces are text', () => {
    expect(parseTemplate('{studentName}家长您好，{className} 剩余 {remainingHours} 课时 {studentName}')).toEqual({ variables: ['studentName', 'className', 'remainingHours'], unknown: [] });
    expect(parseTemplate('Hi {studentName}, {teacherPhone} { x } {} {1a}')).toEqual({ variables: ['studentName'], unknown: ['teacherPhone'] });
  });

  it('renders for a receiver; missing values become empty; HTML stays text', () => {
    expect(renderTemplate('{studentName} 剩余 {remainingHours} 课时，{expiryDate} 到期', { studentName: '李小雨', remainingHours: 2.5, expiryDate: '2026-06-01' })).toBe('李小雨 剩余 2.5 课时，2026-06-01 到期');
    expect(renderTemplate('{campusName}|{unknownOne}', {})).toBe('|{unknownOne}');
    expect(renderTemplate('<b>{studentName}</b>', { studentName: '<img src=x>' })).toBe('<b><img src=x></b>');
  });

  it('property: a text without braces renders to itself; every variable is replaced', () => {
    fc.assert(fc.property(fc.string().filter((s) => !s.includes('{')), (s) => renderTemplate(s, { studentName: 'x' }) === s));
    const all = TEMPLATE_VARIABLES.map((v) => `{${v}}`).join(' ');
    expect(renderTemplate(all, Object.fromEntries(TEMPLATE_VARIABLES.map((v) => [v, 'v'])))).toBe(TEMPLATE_VARIABLES.map(() => 'v').join(' '));
  });
});
