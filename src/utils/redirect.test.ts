// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isSafeRedirect, safeRedirect } from './redirect';

describe('redirect only to same-origin paths (docs/screens.md#every-screen)', () => {
  it.each(['/dashboard', '/school/class?page=2&x=%2F', '/student/list?tab=leave#top', '/a/b/c'])('accepts %s', (p) => {
    expect(isSafeRedirect(p)).toBe(true);
    expect(safeRedirect(p)).toBe(p);
  });
  it.each([
    '//evil.example.com',
    '//evil.example.com/dashboard',
    '/\\evil.example.com',
    'https://evil.example.com/',
    'http:/evil.example.com',
    'javascript:alert(1)',
    'dashboard',
    '',
    '/\u0000x',
  ])('refuses %s', (p) => {
    expect(isSafeRedirect(p)).toBe(false);
    expect(safeRedirect(p)).toBe('/dashboard');
  });
  it('never loops back to the login page', () => {
    expect(safeRedirect('/user/login?redirect=%2Fx')).toBe('/dashboard');
  });
  it('null and undefined fall back', () => {
    expect(safeRedirect(null)).toBe('/dashboard');
    expect(safeRedirect(undefined, '/x')).toBe('/x');
  });
});
