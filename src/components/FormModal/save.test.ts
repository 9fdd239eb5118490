/** The one save helper: success reported and followed up; a refusal reported by nobody else and the form kept open. */
import { describe, expect, it, vi } from 'vitest';
import { saveAndReport } from './save';
import { RequestError } from '@/utils/request';

describe('saveAndReport', () => {
  it('shows the success text, runs the follow-up with the result and resolves true', async () => {
    const message = { success: vi.fn() };
    const after = vi.fn();
    const ok = await saveAndReport(message, () => Promise.resolve({ id: 7 }), (r) => `Saved #${r.id}`, after);
    expect(ok).toBe(true);
    expect(message.success).toHaveBeenCalledWith('Saved #7');
    expect(after).toHaveBeenCalledWith({ id: 7 });
  });

  it('takes a plain success text', async () => {
    const message = { success: vi.fn() };
    expect(await saveAndReport(message, () => Promise.resolve(undefined), 'Saved')).toBe(true);
    expect(message.success).toHaveBeenCalledWith('Saved');
  });

  it('on a refused call resolves false (the form stays open with its input) and reports nothing itself', async () => {
    const message = { success: vi.fn() };
    const after = vi.fn();
    const ok = await saveAndReport(message, () => Promise.reject(new RequestError('Name already used', 400)), 'Saved', after);
    expect(ok).toBe(false);
    expect(message.success).not.toHaveBeenCalled();
    expect(after).not.toHaveBeenCalled();
  });
});
