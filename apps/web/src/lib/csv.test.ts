import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EXPORT_FAILED, downloadCsv, toCsv } from './csv';

describe('toCsv', () => {
  it('writes the header in the given order and leaves null and undefined blank', async () => {
    const csv = await toCsv(['b', 'a'] as const, [
      { a: 1, b: 'x' },
      { a: null, b: undefined },
    ]);
    expect(csv).toBe('b,a\r\nx,1\r\n,');
  });
});

describe('downloadCsv', () => {
  // jsdom has no object URLs; the test lends URL its own and takes them back afterwards.
  const { createObjectURL: realCreate, revokeObjectURL: realRevoke } = URL;
  afterEach(() => {
    vi.useRealTimers();
    URL.createObjectURL = realCreate;
    URL.revokeObjectURL = realRevoke;
  });

  it('saves a UTF-8 file with a byte order mark under the given name', async () => {
    vi.useFakeTimers();
    let saved: Blob | undefined;
    const createObjectURL = vi.fn((blob: Blob) => {
      saved = blob;
      return 'blob:csv';
    });
    const revokeObjectURL = vi.fn();
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = revokeObjectURL;
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toBe('report.csv');
      expect(this.href).toBe('blob:csv');
    });

    await downloadCsv('report.csv', 'product\r\nGH₵ pack');

    expect(click).toHaveBeenCalledTimes(1);
    expect(saved?.type).toBe('text/csv;charset=utf-8');
    const bytes = new Uint8Array(await saved!.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3))).toBe('product\r\nGH₵ pack');
    expect(document.querySelector('a[download]')).toBeNull();
    vi.runAllTimers();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:csv');
  });

  it('saves nothing and says so when the CSV cannot be built (Papa Parse failed to download)', async () => {
    const toastError = vi.spyOn(toast, 'error');
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);

    await downloadCsv(
      'report.csv',
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    );

    expect(toastError).toHaveBeenCalledWith(EXPORT_FAILED);
    expect(EXPORT_FAILED).toBe('The export could not be prepared. Check your connection and try again.');
    expect(click).not.toHaveBeenCalled();
  });
});
