// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { applyPlurals } from './plural';
import { message } from '../../mock/messages';
import '../../mock/domains/schoolSetup';

describe('applyPlurals', () => {
  const text = '{n, plural, =0 {no cards} one {# card} other {# cards}} left';
  it('picks the exact, then the language category, then other', () => {
    expect(applyPlurals(text, { n: 0 }, 'en-US')).toBe('no cards left');
    expect(applyPlurals(text, { n: 1 }, 'en-US')).toBe('1 card left');
    expect(applyPlurals(text, { n: 8 }, 'en-US')).toBe('8 cards left');
    expect(applyPlurals('{n, plural, other {# 张}}', { n: 1 }, 'zh-CN')).toBe('1 张');
  });
  it('leaves the text alone without the value or without a plural', () => {
    expect(applyPlurals(text, {}, 'en-US')).toBe(text);
    expect(applyPlurals('8 cards', { n: 8 }, 'en-US')).toBe('8 cards');
  });
  it('server messages count in words, not "(s)"', () => {
    expect(message('en', 'school.studentHasCards', { n: 1 })).toBe('This student holds 1 card and cannot be deleted; set the status instead.');
    expect(message('en', 'school.studentHasCards', { n: 3 })).toBe('This student holds 3 cards and cannot be deleted; set the status instead.');
    expect(message('zh', 'school.studentHasCards', { n: 3 })).toBe('该学员持有 3 张课时卡，不能删除；请修改状态。');
  });
});
