import { describe, expect, it } from 'vitest';
import { checkImageDataUrl, checkImageFile, MAX_IMAGE_BYTES } from './upload';

const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

describe('image uploads: images only, at most 2 MB', () => {
  it('files', () => {
    expect(checkImageFile({ type: 'image/png', size: 1000 })).toBeUndefined();
    expect(checkImageFile({ type: 'application/pdf', size: 1000 })).toBe('type');
    expect(checkImageFile({ type: 'image/svg+xml', size: 10 })).toBe('type');
    expect(checkImageFile({ type: 'image/jpeg', size: MAX_IMAGE_BYTES + 1 })).toBe('size');
  });
  it('data URLs: type, real content, size', () => {
    expect(checkImageDataUrl(PNG)).toBeUndefined();
    expect(checkImageDataUrl('data:text/html;base64,PGI+aGk8L2I+')).toBe('type');
    expect(checkImageDataUrl('data:image/png;base64,PGI+aGk8L2I+')).toBe('type');
    expect(checkImageDataUrl(`data:image/png;base64,${'A'.repeat(Math.ceil((MAX_IMAGE_BYTES * 4) / 3) + 8)}`)).toBe('size');
  });
});
